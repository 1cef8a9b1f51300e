// Plan resolution and limits, enforced by the server: with billing off every broker is
// unlimited and the plan calls say billing is not enabled; with billing on each plan's limits
// hold exactly at their edge.
import { describe, expect, test } from "bun:test";
import { setPlan } from "../../src/features/billing/service.ts";
import { getPlan, PLANS, type PlanId } from "../../src/shared/plans.ts";
import { countRows, createCustomer } from "../support/fixtures.ts";
import { useTestServer, type TestServer } from "../support/server.ts";
import { STAND_IN_KEYS, STAND_IN_PRICES } from "../support/stripe-stand-in.ts";

// Billing on, but nothing here reaches Stripe: plans are set directly.
const billedEnv = {
  STRIPE_SECRET_KEY: STAND_IN_KEYS.secret,
  STRIPE_PUBLISHABLE_KEY: STAND_IN_KEYS.publishable,
  STRIPE_WEBHOOK_SECRET: STAND_IN_KEYS.webhook,
  STRIPE_PRICE_BASIC: STAND_IN_PRICES.basic,
  STRIPE_PRICE_PRO: STAND_IN_PRICES.pro,
  STRIPE_PRICE_UNLIMITED: STAND_IN_PRICES.unlimited,
  PLAN_PRICE_BASIC: "29.99",
  STRIPE_API_BASE: "http://127.0.0.1:9",
};
const off = useTestServer();
const billed = useTestServer(billedEnv);

const names = ["Paystub", "Bank Statement", "Tax Returns", "Photo ID", "Employment Letter", "Credit Report", "Asset Statements", "Insurance Declaration", "Property Appraisal", "Purchase Agreement"];
const customs = (n: number) => Array.from({ length: n }, (_, i) => (i < names.length ? names[i]! : `custom:Extra ${i}:Custom document`));

describe("billing off (the default)", () => {
  test("every broker is unlimited whatever is stored, no price is charged, and the plan calls answer 409", async () => {
    const b = await off.signUpBroker();
    await setPlan(off.server.ctx, b.user.id, "free");
    const sub = await off.call("/api/subscription", { token: b.token });
    expect(sub.body).toMatchObject({
      subscription: { plan: "unlimited", status: "active", currentPeriodEnd: null },
      limits: { customersLimit: -1, documentsLimit: -1, documentsPerCustomer: -1 },
      canCreateCustomer: true,
      canCreateDocument: true,
      billingEnabled: false,
    });
    for (let i = 0; i < 4; i++) await createCustomer(off, b.token, { requiredDocuments: customs(12).map((name) => ({ name })) });

    expect((await off.call("/api/billing/config")).body).toEqual({ billingEnabled: false, publishableKey: null, prices: null });
    for (const [path, body] of [["/api/create-subscription", { plan: "pro" }], ["/api/activate-subscription", { paymentIntentId: "pi_1" }], ["/api/cancel-subscription", undefined]] as const) {
      const res = await off.call(path, { method: "POST", token: b.token, body });
      expect(res.status).toBe(409);
      expect(res.body.message).toStartWith("Billing is not enabled on this portal");
    }
    const hook = await off.call("/api/stripe/webhook", { method: "POST", body: "{}", headers: { "stripe-signature": "t=1,v1=x" } });
    expect(hook.status).toBe(409);
  });
});

describe("billing on", () => {
  test("the public settings carry the publishable key and the operator's prices; the CSP lets Stripe.js in only then", async () => {
    const settings = await billed.call("/api/billing/config");
    expect(settings.headers.get("content-security-policy")).toContain("script-src 'self' https://js.stripe.com");
    expect((await off.call("/api/billing/config")).headers.get("content-security-policy")).not.toContain("stripe");
    expect(settings.body).toEqual({
      billingEnabled: true,
      publishableKey: STAND_IN_KEYS.publishable,
      prices: { basic: 29.99, pro: getPlan("pro").price, unlimited: getPlan("unlimited").price },
    });
  });

  test("a new broker is on Free; Documents Generated compares requested documents with what the plan allows in all", async () => {
    const b = await billed.signUpBroker();
    const c = await createCustomer(billed, b.token, { requiredDocuments: [{ name: "Paystub" }, { name: "Tax Returns" }] });
    await createCustomer(billed, b.token, { requiredDocuments: [{ name: "Paystub" }] });
    // A shared file is not a requested document.
    const form = new FormData();
    form.append("customerIds", JSON.stringify([c.id]));
    form.append("documents", new File([new TextEncoder().encode("%PDF-1.4\n%%EOF\n")], "note.pdf", { type: "application/pdf" }));
    expect((await billed.call("/api/documents/share", { method: "POST", token: b.token, body: form })).status).toBeLessThan(300);
    const sub = await billed.call("/api/subscription", { token: b.token });
    expect(sub.body).toMatchObject({
      subscription: { plan: "free", status: "active", currentPeriodEnd: null },
      limits: { customersUsed: 2, customersLimit: 3, documentsUsed: 3, documentsLimit: 9, documentsPerCustomer: 3 },
      canCreateCustomer: true,
      canCreateDocument: true,
      billingEnabled: true,
    });
  });

  test("a canceled plan lasts until its period ends, then free", async () => {
    const b = await billed.signUpBroker();
    const end = new Date(billed.clock.now().getTime() + 86_400_000);
    await setPlan(billed.server.ctx, b.user.id, "pro", "canceled", end);
    const active = await billed.call("/api/subscription", { token: b.token });
    expect(active.body.subscription).toEqual({ plan: "pro", status: "canceled", currentPeriodEnd: end.toISOString() });
    expect(active.body.limits.customersLimit).toBe(20);
    billed.clock.advance(2 * 86_400_000);
    expect((await billed.call("/api/subscription", { token: b.token })).body.subscription).toEqual({ plan: "free", status: "active", currentPeriodEnd: null });
  });
});

/** Every limit of `plan` at its edge: the last allowed call passes, the next is a 403 that changes nothing. */
async function limitsAtTheEdge(srv: TestServer, plan: PlanId) {
  const { customersLimit, perRequestLimit, documentsLimit } = getPlan(plan);
  const b = await srv.signUpBroker();
  await setPlan(srv.server.ctx, b.user.id, plan);

  // Per request: the cap passes, one more is refused.
  const exact = await createCustomer(srv, b.token, { requiredDocuments: customs(perRequestLimit!).map((name) => ({ name })) });
  expect(exact.documents.length).toBe(perRequestLimit!);
  const before = await countRows(srv, "customers");
  const over = await srv.call("/api/customers", { method: "POST", token: b.token, body: { email: `over-${plan}@example.com`, requiredDocuments: customs(perRequestLimit! + 1).map((name) => ({ name })) } });
  expect(over.status).toBe(403);
  expect(over.body.message).toBe(`Document Limit Reached: You can only select up to ${perRequestLimit} documents per request based on your subscription plan.`);
  expect(await countRows(srv, "customers")).toBe(before);

  // Per customer: one customer with cap - 1 documents takes one more, then none.
  const c = await createCustomer(srv, b.token, { requiredDocuments: customs(documentsLimit - 1).map((name) => ({ name })) });
  expect((await srv.call(`/api/customers/${c.id}/document-limit`, { token: b.token })).body).toEqual({ currentCount: documentsLimit - 1, maxAllowed: documentsLimit });
  const two = await srv.call(`/api/customers/${c.id}/request-documents`, { method: "POST", token: b.token, body: { documentTypes: ["custom:Edge A:Custom document", "custom:Edge B:Custom document"] } });
  expect(two.status).toBe(403);
  expect(two.body.message).toBe(
    `Document Limit Exceeded: Cannot add 2 documents. Customer already has ${documentsLimit - 1} requested documents. Maximum allowed is ${documentsLimit} requested documents per customer based on your subscription plan.`,
  );
  expect((await srv.call(`/api/customers/${c.id}/request-documents`, { method: "POST", token: b.token, body: { documentTypes: ["custom:Edge A:Custom document"] } })).status).toBe(201);
  expect((await srv.call(`/api/customers/${c.id}/request-documents`, { method: "POST", token: b.token, body: { documentTypes: ["custom:Edge C:Custom document"] } })).status).toBe(403);

  // Customers: up to the limit, then 403 with the spec's words.
  for (let i = 2; i < customersLimit; i++) await createCustomer(srv, b.token, { requiredDocuments: [] });
  const sub = await srv.call("/api/subscription", { token: b.token });
  expect(sub.body.limits).toMatchObject({ customersUsed: customersLimit, customersLimit });
  expect(sub.body.canCreateCustomer).toBe(false);
  const fourth = await srv.call("/api/customers", { method: "POST", token: b.token, body: { email: `one-too-many-${plan}@example.com` } });
  expect(fourth.status).toBe(403);
  expect(fourth.body.message).toBe("Customer limit reached. Upgrade your subscription plan to add more customers.");
  expect(await countRows(srv, "customers")).toBe(before + customersLimit - 1);
}

describe("limits at their edge", () => {
  for (const plan of ["free", "basic", "pro"] as const) {
    test(`${plan}: customers, documents per request and per customer`, async () => limitsAtTheEdge(billed, plan));
  }

  test("unlimited: no cap on customers or documents", async () => {
    const b = await billed.signUpBroker();
    await setPlan(billed.server.ctx, b.user.id, "unlimited");
    const c = await createCustomer(billed, b.token, { requiredDocuments: customs(25).map((name) => ({ name })) });
    expect((await billed.call(`/api/customers/${c.id}/document-limit`, { token: b.token })).body).toEqual({ currentCount: 25, maxAllowed: -1 });
    for (let i = 0; i < 21; i++) await createCustomer(billed, b.token, { requiredDocuments: [] });
    const sub = await billed.call("/api/subscription", { token: b.token });
    expect(sub.body).toMatchObject({ limits: { customersUsed: 22, customersLimit: -1, documentsLimit: -1 }, canCreateCustomer: true, canCreateDocument: true });
  });

  test("the catalogue has the spec's four plans and limits", () => {
    expect(PLANS.map((p) => [p.id, p.price, p.customersLimit, p.documentsLimit, p.perRequestLimit])).toEqual([
      ["free", 0, 3, 3, 3],
      ["basic", 9.99, 10, 10, 10],
      ["pro", 59.99, 20, 20, 20],
      ["unlimited", 99.99, -1, -1, null],
    ]);
  });
});
