// Plan limits are enforced by the server, not only the browser.
import { describe, expect, test } from "bun:test";
import { setPlan } from "../../src/features/billing/service.ts";
import { countRows, createCustomer } from "../support/fixtures.ts";
import { startTestServer, useTestServer } from "../support/server.ts";

const srv = useTestServer();

describe("free plan", () => {
  test("at most 3 customers; the 4th is a 403 whose message says the limit is reached", async () => {
    const b = await srv.signUpBroker();
    setPlan(srv.server.ctx, b.user.id, "free");
    for (let i = 0; i < 3; i++) await createCustomer(srv, b.token, { requiredDocuments: [] });
    const sub = await srv.call("/api/subscription", { token: b.token });
    expect(sub.body).toMatchObject({ subscription: { plan: "free", status: "active" }, limits: { customersUsed: 3, customersLimit: 3 }, canCreateCustomer: false });

    const before = countRows(srv, "customers");
    const res = await srv.call("/api/customers", { method: "POST", token: b.token, body: { email: "fourth@example.com" } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("Customer limit reached. Upgrade your subscription plan to add more customers.");
    expect(res.body.message).toContain("limit reached");
    expect(countRows(srv, "customers")).toBe(before);
  });

  test("at most 3 documents per request and 3 per customer, with the spec's words", async () => {
    const b = await srv.signUpBroker();
    setPlan(srv.server.ctx, b.user.id, "free");
    const tooMany = await srv.call("/api/customers", {
      method: "POST",
      token: b.token,
      body: { email: "many@example.com", requiredDocuments: ["Paystub", "Tax Returns", "Photo ID", "Credit Report"].map((name) => ({ name })) },
    });
    expect(tooMany.status).toBe(403);
    expect(tooMany.body.message).toBe("Document Limit Reached: You can only select up to 3 documents per request based on your subscription plan.");

    const c = await createCustomer(srv, b.token, { requiredDocuments: [{ name: "Paystub" }, { name: "Tax Returns" }] });
    expect((await srv.call(`/api/customers/${c.id}/document-limit`, { token: b.token })).body).toEqual({ currentCount: 2, maxAllowed: 3 });
    const over = await srv.call(`/api/customers/${c.id}/request-documents`, { method: "POST", token: b.token, body: { documentTypes: ["Photo ID", "Credit Report"] } });
    expect(over.status).toBe(403);
    expect(over.body.message).toBe(
      "Document Limit Exceeded: Cannot add 2 documents. Customer already has 2 requested documents. Maximum allowed is 3 requested documents per customer based on your subscription plan.",
    );
    const fits = await srv.call(`/api/customers/${c.id}/request-documents`, { method: "POST", token: b.token, body: { documentTypes: ["Photo ID"] } });
    expect(fits.status).toBe(201);
  });
});

describe("plan resolution", () => {
  test("billing off and no plan row: unlimited; a canceled plan lasts until its period ends, then free", async () => {
    const b = await srv.signUpBroker();
    const { ctx } = srv.server;
    expect((await srv.call("/api/subscription", { token: b.token })).body.subscription.plan).toBe("unlimited");
    const end = new Date(srv.clock.now().getTime() + 86_400_000);
    setPlan(ctx, b.user.id, "pro", "canceled", end);
    const active = await srv.call("/api/subscription", { token: b.token });
    expect(active.body.subscription).toEqual({ plan: "pro", status: "canceled", currentPeriodEnd: end.toISOString() });
    expect(active.body.limits.customersLimit).toBe(20);
    srv.clock.advance(2 * 86_400_000);
    expect((await srv.call("/api/subscription", { token: b.token })).body.subscription.plan).toBe("free");
  });

  test("with billing on, a broker without a subscription is on the free plan", async () => {
    const billed = await startTestServer({
      STRIPE_SECRET_KEY: "sk_test_local",
      STRIPE_PRICE_BASIC: "price_basic",
      STRIPE_PRICE_PRO: "price_pro",
      STRIPE_PRICE_UNLIMITED: "price_unlimited",
    });
    try {
      const b = await billed.signUpBroker();
      const sub = await billed.call("/api/subscription", { token: b.token });
      expect(sub.body).toMatchObject({ subscription: { plan: "free" }, limits: { customersLimit: 3, documentsLimit: 3 }, billingEnabled: true });
    } finally {
      await billed.stop();
    }
  });
});
