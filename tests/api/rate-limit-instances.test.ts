// Two portal instances behind one load balancer share the sign-in throttle through their database:
// a guesser alternating between them meets the same limits as one talking to a single instance.
// The second instance: tests/support/second-instance.ts.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rateLimits } from "../../db/schema.ts";
import { startSecondInstance, type SecondInstance } from "../support/second-instance.ts";
import { useTestServer } from "../support/server.ts";

const first = useTestServer({ TRUST_PROXY: "true" });
const PASSWORD = "the real password";

let second: SecondInstance;
beforeAll(async () => {
  second = await startSecondInstance(first, { TRUST_PROXY: "true" });
});
afterAll(() => second?.stop());

async function signIn(baseUrl: string, email: string, password: string, address: string) {
  const response = await fetch(`${baseUrl}/api/auth/signin`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify({ email, password }),
  });
  return { status: response.status, retryAfter: Number(response.headers.get("retry-after")), body: (await response.json()) as { message?: string } };
}

describe("sign-in throttle across instances", () => {
  test("failures through one instance are counted by the other", async () => {
    const { user } = await first.signUpBroker({ password: PASSWORD });
    // Five free failures for the (account, address) pair, spread over both instances.
    for (const url of [first.url, second.url, first.url, second.url, first.url]) {
      expect((await signIn(url, user.email, "wrong", "198.51.100.5")).status).toBe(401);
    }
    for (const url of [first.url, second.url]) {
      const refused = await signIn(url, user.email, PASSWORD, "198.51.100.5");
      expect(refused.status).toBe(429);
      expect(refused.retryAfter).toBe(1);
      expect(refused.body.message).toBe("Too many sign-in attempts. Try again in 1 second.");
    }
    // The wait over, a right password through the second instance clears the pair for both.
    first.clock.advance(1000);
    expect((await signIn(second.url, user.email, PASSWORD, "198.51.100.5")).status).toBe(200);
    expect((await signIn(first.url, user.email, "wrong", "198.51.100.5")).status).toBe(401);
  });

  test("the per-address cap counts the address's failures on both instances together", { timeout: 30_000 }, async () => {
    const { user } = await first.signUpBroker({ password: PASSWORD });
    for (let i = 0; i < 20; i++) {
      expect((await signIn(i % 2 ? second.url : first.url, `nobody${i}@example.com`, "guess", "203.0.113.9")).status).toBe(401);
    }
    for (const url of [first.url, second.url]) {
      const refused = await signIn(url, user.email, PASSWORD, "203.0.113.9");
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe("Too many sign-in attempts. Try again in 15 minutes.");
    }
  });

  test("the hourly purge deletes counts whose time has passed and keeps the rest", async () => {
    const { user } = await first.signUpBroker({ password: PASSWORD });
    expect((await signIn(first.url, user.email, "wrong", "192.0.2.77")).status).toBe(401);
    expect((await signIn(second.url, user.email, PASSWORD, "192.0.2.78")).status).toBe(200); // a trusted address: 30 days
    const rows = async () => (await first.server.ctx.db.select().from(rateLimits)).length;
    const before = await rows();
    first.clock.advance(2 * 24 * 60 * 60 * 1000); // every pair (a day) and window (15 minutes) has passed
    await first.runJobs();
    const trusted = (await first.server.ctx.db.select().from(rateLimits)).filter((r) => r.expiresAt > first.clock.now());
    expect(await rows()).toBe(trusted.length);
    expect(trusted.length).toBeGreaterThan(0);
    expect(trusted.length).toBeLessThan(before);
  });
});
