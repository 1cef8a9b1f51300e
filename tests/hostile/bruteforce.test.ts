// Part 7: 100 wrong passwords at once, for a broker and for a customer. Only a handful may be
// checked (401); the rest are turned away (429) before any hashing. The real owner, signing in
// from another address, is not locked out by the attacker's storm.
import { beforeAll, describe, expect, test } from "bun:test";
import { useTestServer, type Broker } from "../support/server.ts";
import { createCustomerAs, expectJsonError, rawFetch, record, signUpCustomerOn } from "./support.ts";

// Behind a reverse proxy: the client's address comes from X-Forwarded-For.
const srv = useTestServer({ TRUST_PROXY: "true" });
const ATTACKER = "203.0.113.66";
const OWNER = "198.51.100.7";
let broker: Broker;
let customer = { email: "", link: "", password: "the customer's own password" };

beforeAll(async () => {
  broker = await srv.signUpBroker({ email: "owner-broker@example.com" });
  const c = await createCustomerAs(srv, broker, { email: "owner-customer@example.com", requiredDocuments: [{ name: "Paystub" }] });
  customer = { email: "owner-customer@example.com", link: c.uploadLink, password: customer.password };
  await signUpCustomerOn(srv, c.uploadLink, customer.email, customer.password);
});

async function storm(path: string, body: Record<string, unknown>, from: string, n = 100) {
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: n }, () =>
      rawFetch(srv.url + path, { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": from }, body: JSON.stringify(body) }),
    ),
  );
  const count = (s: number) => results.filter((r) => r.status === s).length;
  return { results, verified: count(401), throttled: count(429), ok: count(200), other: results.filter((r) => ![401, 429].includes(r.status)), ms: Math.round(performance.now() - started) };
}

describe("100 concurrent wrong sign-ins", () => {
  const cases = [
    { who: "broker", path: "/api/auth/signin", body: () => ({ email: broker.user.email, password: "wrong password" }), right: () => ({ email: broker.user.email, password: "correct horse battery" }) },
    {
      who: "customer",
      path: "/api/customer/signin",
      body: () => ({ email: customer.email, password: "wrong password", uploadLink: customer.link }),
      right: () => ({ email: customer.email, password: customer.password, uploadLink: customer.link }),
    },
  ];
  for (const c of cases) {
    test(`${c.who}: at most a handful are checked, the rest get 429 with Retry-After`, async () => {
      const s = await storm(c.path, c.body(), ATTACKER);
      record("bruteforce", { who: c.who, attempts: 100, verified401: s.verified, throttled429: s.throttled, ms: s.ms });
      expect(s.ok, "a wrong password signed in").toBe(0);
      expect(s.other.map((r) => r.status), "statuses other than 401/429").toEqual([]);
      expect(s.verified, `${s.verified} wrong passwords were checked`).toBeLessThanOrEqual(10);
      expect(s.throttled).toBeGreaterThanOrEqual(90);
      const refused = s.results.find((r) => r.status === 429)!;
      expectJsonError(refused, "throttled sign-in", [429]);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    });

    test(`${c.who}: the owner signing in from another address is not locked out`, async () => {
      const res = await rawFetch(srv.url + c.path, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": OWNER },
        body: JSON.stringify(c.right()),
      });
      record("bruteforce", { who: c.who, ownerFromOtherAddress: res.status });
      expect(res.status, res.text.slice(0, 200)).toBe(200);
    });

    test(`${c.who}: the attacker's address stays throttled, even with the right password`, async () => {
      const res = await rawFetch(srv.url + c.path, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": ATTACKER },
        body: JSON.stringify(c.right()),
      });
      expectJsonError(res, "right password from the throttled address", [429]);
    });
  }

  test("many accounts from one address: the address limit stops the spray", async () => {
    const spray = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        rawFetch(`${srv.url}/api/auth/signin`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": "192.0.2.200" },
          body: JSON.stringify({ email: `nobody${i}@example.com`, password: "Winter2026!" }),
        }),
      ),
    );
    const verified = spray.filter((r) => r.status === 401).length;
    record("bruteforce", { who: "password spray, 60 accounts", verified401: verified, throttled429: spray.filter((r) => r.status === 429).length });
    expect(spray.filter((r) => r.status >= 500)).toEqual([]);
    expect(verified).toBeLessThanOrEqual(25);
  });
});
