// Broker sign-in throttling as an attacker meets it (pen-test findings): concurrent guessing,
// and a guesser trying to lock the real owner out. TRUST_PROXY lets X-Forwarded-For pick the
// caller's address, so one test plays several machines.
import { describe, expect, test } from "bun:test";
import type { TestServer } from "../support/server.ts";
import { useTestServer } from "../support/server.ts";

const srv = useTestServer({ TRUST_PROXY: "true" });
const PASSWORD = "the real password";

const signIn = (server: TestServer, email: string, password: string, address: string) =>
  server.call("/api/auth/signin", { method: "POST", body: { email, password }, headers: { "x-forwarded-for": address } });

const statuses = (responses: { status: number }[]) =>
  responses.reduce<Record<number, number>>((count, r) => ({ ...count, [r.status]: (count[r.status] ?? 0) + 1 }), {});

describe("broker sign-in throttle", () => {
  test("behind the proxy the address is the entry the proxy appended, not one the client wrote before it", async () => {
    const { user } = await srv.signUpBroker({ password: PASSWORD });
    // A guesser writing a new X-Forwarded-For of their own each time still comes from one address.
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signIn(srv, user.email, `wrong ${i}`, `10.9.${i}.1, 198.51.100.77`)),
    );
    expect(statuses(guesses)[401]).toBeLessThanOrEqual(5);
  });

  test("100 concurrent wrong guesses: only the allowance is verified, the rest get 429 without being checked", async () => {
    const { user } = await srv.signUpBroker({ password: PASSWORD });
    const guesses = await Promise.all(Array.from({ length: 100 }, (_, i) => signIn(srv, user.email, `wrong ${i}`, "198.51.100.1")));
    const count = statuses(guesses);
    expect(count[401]).toBeGreaterThan(0);
    expect(count[401]).toBeLessThanOrEqual(5);
    expect(count[429]).toBe(100 - count[401]!);
    for (const refused of guesses.filter((r) => r.status === 429)) {
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(refused.body.message).toMatch(/^Too many sign-in attempts\. Try again in \d+ (second|minute)s?\.$/);
    }

    // The right password from the guessing address waits like everyone there.
    const early = await signIn(srv, user.email, PASSWORD, "198.51.100.1");
    expect(early.status).toBe(429);
    srv.clock.advance(Number(early.headers.get("retry-after")) * 1000);
    expect((await signIn(srv, user.email, PASSWORD, "198.51.100.1")).status).toBe(200);
  });

  test("a guesser at one address cannot lock the owner out at another", async () => {
    const { user } = await srv.signUpBroker({ password: PASSWORD });
    for (let i = 0; i < 30; i++) await signIn(srv, user.email, `guess ${i}`, "203.0.113.66");
    expect((await signIn(srv, user.email, "guess again", "203.0.113.66")).status).toBe(429);

    const owner = await signIn(srv, user.email, PASSWORD, "192.0.2.10");
    expect(owner.status).toBe(200);
    expect(owner.body.user.email).toBe(user.email);
  }, { timeout: 30_000 }); // 31 deliberately slow password checks, one after another

  test("the per-account cap bounds guessing from many addresses, yet the owner's own address still signs in", async () => {
    const { user } = await srv.signUpBroker({ password: PASSWORD });
    expect((await signIn(srv, user.email, PASSWORD, "192.0.2.20")).status).toBe(200); // the owner's usual address

    const distributed = await Promise.all(Array.from({ length: 120 }, (_, i) => signIn(srv, user.email, "guess", `10.1.${i >> 8}.${i & 255}`)));
    const count = statuses(distributed);
    expect(count[401]).toBe(100);
    expect(count[429]).toBe(20);
    expect((await signIn(srv, user.email, "guess", "10.9.9.9")).status).toBe(429);

    expect((await signIn(srv, user.email, PASSWORD, "192.0.2.20")).status).toBe(200);
  }, 30_000);

  test("after a few failures one's own address waits 1 s, then 2 s, and the right password ends the wait", async () => {
    const { user } = await srv.signUpBroker({ password: PASSWORD });
    const address = "198.51.100.77";
    for (let i = 0; i < 5; i++) expect((await signIn(srv, user.email, `typo ${i}`, address)).status).toBe(401);

    const first = await signIn(srv, user.email, PASSWORD, address);
    expect(first.status).toBe(429);
    expect(first.headers.get("retry-after")).toBe("1");
    expect(first.body).toEqual({ message: "Too many sign-in attempts. Try again in 1 second." });

    srv.clock.advance(1000);
    expect((await signIn(srv, user.email, "typo again", address)).status).toBe(401);
    expect((await signIn(srv, user.email, PASSWORD, address)).headers.get("retry-after")).toBe("2");

    srv.clock.advance(2000);
    expect((await signIn(srv, user.email, PASSWORD, address)).status).toBe(200);
    // Signing in forgets this address's failures for the account.
    expect((await signIn(srv, user.email, "typo after", address)).status).toBe(401);
  });
});
