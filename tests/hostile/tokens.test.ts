// Part 8: the secrets the portal hands out — upload links, session tokens, reset tokens — are
// long, URL-safe, never repeat, and reset tokens work once and take their siblings with them.
import { beforeAll, describe, expect, test } from "bun:test";
import { useTestServer, type Broker } from "../support/server.ts";
import { createCustomerAs, expectJsonError, rawFetch, record, signUpCustomerOn } from "./support.ts";

const srv = useTestServer();
let broker: Broker;
const SAMPLES = 200;

beforeAll(async () => {
  broker = await srv.signUpBroker({ email: "tokens@example.com" });
});

/** Length, alphabet, uniqueness, and no position that never changes. */
function judge(kind: string, tokens: string[]) {
  expect(tokens.length).toBe(SAMPLES);
  const shortest = Math.min(...tokens.map((t) => t.length));
  expect(shortest, `${kind}: shortest token`).toBeGreaterThanOrEqual(32);
  for (const t of tokens) expect(t, `${kind}: URL-safe`).toMatch(/^[A-Za-z0-9_-]+$/);
  expect(new Set(tokens).size, `${kind}: distinct`).toBe(SAMPLES);
  // A counter or timestamp shows up as positions that barely change across samples.
  const constantPositions = Array.from({ length: shortest }, (_, i) => new Set(tokens.map((t) => t[i])).size).filter((n) => n < 8).length;
  expect(constantPositions, `${kind}: positions with fewer than 8 distinct characters over ${SAMPLES} samples`).toBe(0);
  const alphabet = new Set(tokens.join(""));
  expect(alphabet.size, `${kind}: characters used`).toBeGreaterThanOrEqual(60);
  // Shannon entropy per character, estimated over all samples: random base64url is close to 6 bits.
  const counts = new Map<string, number>();
  for (const ch of tokens.join("")) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const bits = -[...counts.values()].reduce((h, c) => h + (c / total) * Math.log2(c / total), 0);
  record("tokens", { kind, samples: SAMPLES, shortest, bitsPerChar: Number(bits.toFixed(2)), estimatedBits: Math.round(bits * shortest) });
  expect(bits).toBeGreaterThan(5.7);
}

async function pool<T>(n: number, width: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) {
        const i = next++;
        out[i] = await task(i);
      }
    }),
  );
  return out;
}

describe(`entropy over ${SAMPLES} samples`, () => {
  test("upload links", async () => {
    const links = await pool(SAMPLES, 8, async (i) => (await createCustomerAs(srv, broker, { email: `link${i}@example.com` })).uploadLink);
    judge("upload link", links);
  });

  test("broker session tokens", async () => {
    const tokens = await pool(SAMPLES, 4, async () => {
      const res = await srv.call("/api/auth/signin", { method: "POST", body: { email: "tokens@example.com", password: "correct horse battery" } });
      expect(res.status).toBe(200);
      const cookie = (res.headers.get("set-cookie") ?? "").match(/portal_session=([^;]+)/)?.[1];
      expect(decodeURIComponent(cookie ?? "")).toBe(res.body.token);
      return res.body.token as string;
    });
    judge("broker session", tokens);
  });

  test("customer session tokens", async () => {
    const c = await createCustomerAs(srv, broker, { email: "session-entropy@example.com" });
    await signUpCustomerOn(srv, c.uploadLink, "session-entropy@example.com", "customer password 1");
    const tokens = await pool(SAMPLES, 4, async () => {
      const res = await srv.call("/api/customer/signin", {
        method: "POST",
        body: { email: "session-entropy@example.com", password: "customer password 1", uploadLink: c.uploadLink },
      });
      expect(res.status).toBe(200);
      return decodeURIComponent((res.headers.get("set-cookie") ?? "").match(/portal_customer=([^;]+)/)?.[1] ?? "");
    });
    judge("customer session", tokens);
  });

  test("password reset tokens", async () => {
    const c = await createCustomerAs(srv, broker, { email: "reset-entropy@example.com" });
    await signUpCustomerOn(srv, c.uploadLink, "reset-entropy@example.com");
    const tokens: string[] = [];
    while (tokens.length < SAMPLES) {
      const res = await srv.call("/api/customer/forgot-password", { method: "POST", body: { email: "reset-entropy@example.com" } });
      expect(res.status).toBe(200);
      const rows = srv.server.ctx.db.$client
        .query(`select text from emails where "to" = 'reset-entropy@example.com' and kind = 'password_reset'`)
        .all() as { text: string }[];
      tokens.splice(0, tokens.length, ...rows.map((r) => decodeURIComponent(r.text.match(/reset=([^\s&"]+)/)![1]!)));
      // Three reset emails per address per 15 minutes: let the window pass.
      srv.clock.advance(16 * 60 * 1000);
    }
    judge("reset token", tokens.slice(0, SAMPLES));
  });
});

describe("reset tokens", () => {
  async function customerWithResets(n: number) {
    const email = `reset-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const c = await createCustomerAs(srv, broker, { email });
    const cookie = await signUpCustomerOn(srv, c.uploadLink, email);
    for (let i = 0; i < n; i++) {
      expect((await srv.call("/api/customer/forgot-password", { method: "POST", body: { email } })).status).toBe(200);
    }
    const rows = srv.server.ctx.db.$client
      .query(`select text from emails where "to" = ? and kind = 'password_reset' order by created_at, rowid`)
      .all(email) as { text: string }[];
    const tokens = rows.map((r) => decodeURIComponent(r.text.match(/reset=([^\s&"]+)/)![1]!));
    expect(tokens.length).toBe(n);
    return { email, link: c.uploadLink, cookie, tokens };
  }
  const reset = (token: string, newPassword = "brand new password") =>
    rawFetch(`${srv.url}/api/customer/reset-password`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token, newPassword }) });

  test("a token works once; the second use is refused", async () => {
    const { tokens } = await customerWithResets(1);
    expect((await reset(tokens[0]!)).status).toBe(200);
    expectJsonError(await reset(tokens[0]!, "yet another password"), "reused reset token", [400]);
  });

  test("using one token kills every other outstanding token of the account", async () => {
    const { tokens } = await customerWithResets(3);
    expect((await reset(tokens[1]!)).status).toBe(200);
    const others = [await reset(tokens[0]!, "attacker password 1"), await reset(tokens[2]!, "attacker password 2")];
    record("tokens", { kind: "sibling reset tokens after one was used", statuses: others.map((r) => r.status) });
    for (const r of others) expectJsonError(r, "sibling reset token", [400]);
  });

  test("a reset ends the customer's sessions, and the new password works", async () => {
    const { email, link, cookie, tokens } = await customerWithResets(1);
    expect((await rawFetch(`${srv.url}/api/upload/${link}/notifications`, { headers: { cookie } })).status).toBe(200);
    expect((await reset(tokens[0]!, "after the reset")).status).toBe(200);
    expect((await rawFetch(`${srv.url}/api/upload/${link}/notifications`, { headers: { cookie } })).status).toBe(401);
    const signin = await srv.call("/api/customer/signin", { method: "POST", body: { email, password: "after the reset", uploadLink: link } });
    expect(signin.status).toBe(200);
  });

  test("a token expires after an hour", async () => {
    const { tokens } = await customerWithResets(1);
    srv.clock.advance(61 * 60 * 1000);
    expectJsonError(await reset(tokens[0]!), "expired reset token", [400]);
  });

  test("guessed and malformed tokens are refused the same way", async () => {
    for (const token of ["", "x", "A".repeat(43), "../../etc/passwd", "' OR 1=1 --", "\u0000".repeat(10)]) {
      expectJsonError(await reset(token), `token ${JSON.stringify(token)}`, [400]);
    }
  });
});
