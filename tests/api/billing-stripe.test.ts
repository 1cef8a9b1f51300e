// Buying, switching and canceling plans with the real `stripe` SDK, pointed at a local stand-in
// for Stripe's API (tests/support/stripe-stand-in.ts), and webhooks with real signatures.
import { afterAll, describe, expect, test } from "bun:test";
import Stripe from "stripe";
import { countRows } from "../support/fixtures.ts";
import { useTestServer, type Broker } from "../support/server.ts";
import { STAND_IN_KEYS, startStripeStandIn } from "../support/stripe-stand-in.ts";
import { subscriptions } from "../../db/tables.ts";
import { write } from "../../src/lib/unit-of-work.ts";
import { exec, row as firstRow, statement } from "../support/sql.ts";

let srvRef: { clock: { now(): Date } } | undefined;
const standIn = startStripeStandIn(() => srvRef?.clock.now().getTime() ?? Date.now());
afterAll(() => standIn.stop());
const srv = useTestServer(standIn.env);
srvRef = srv;
const signer = new Stripe(STAND_IN_KEYS.secret);

let eventCount = 0;
async function sendEvent(type: string, object: unknown, options: { id?: string; timestamp?: number; secret?: string; payload?: string } = {}) {
  const payload =
    options.payload ??
    JSON.stringify({ id: options.id ?? `evt_test_${++eventCount}_${Date.now()}`, object: "event", type, created: Math.floor(srv.clock.now().getTime() / 1000), data: { object } });
  const header = await signer.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: options.secret ?? STAND_IN_KEYS.webhook,
    timestamp: options.timestamp ?? Math.floor(srv.clock.now().getTime() / 1000),
  });
  return srv.call("/api/stripe/webhook", { method: "POST", body: payload, headers: { "stripe-signature": header, "content-type": "application/json" } });
}

const subscription = async (b: Broker) => (await srv.call("/api/subscription", { token: b.token })).body;
const piOf = (clientSecret: string) => clientSecret.split("_secret_")[0]!;

/** Creates the subscription, has the card pay and activates: the broker is on `plan`. */
async function buy(b: Broker, plan: string) {
  const created = await srv.call("/api/create-subscription", { method: "POST", token: b.token, body: { plan } });
  expect(created.status).toBe(200);
  const paymentIntentId = piOf(created.body.clientSecret);
  const state = standIn.pay(paymentIntentId);
  const activated = await srv.call("/api/activate-subscription", { method: "POST", token: b.token, body: { paymentIntentId } });
  expect(activated.status).toBe(200);
  return { paymentIntentId, subscriptionId: state.id };
}

describe("create-subscription", () => {
  test("a new broker starts on Free; a paid plan gives a client secret for an incomplete subscription of this broker's Stripe customer", async () => {
    const b = await srv.signUpBroker();
    expect((await subscription(b)).subscription).toEqual({ plan: "free", status: "active", currentPeriodEnd: null });
    const res = await srv.call("/api/create-subscription", { method: "POST", token: b.token, body: { plan: "pro" } });
    expect(res.status).toBe(200);
    expect(res.body.clientSecret).toMatch(/^pi_.+_secret_/);
    const intent = standIn.paymentIntents.get(piOf(res.body.clientSecret))!;
    const sub = standIn.subscriptions.get(intent.subscription)!;
    expect(sub).toMatchObject({ status: "incomplete", price: standIn.env.STRIPE_PRICE_PRO, metadata: { brokerId: b.user.id, plan: "pro" } });
    expect(standIn.customers.get(sub.customer)!.email).toBe(b.user.email);
    // Nothing is paid yet: still Free.
    expect((await subscription(b)).subscription.plan).toBe("free");

    // Asking again reuses the Stripe customer and drops the abandoned attempt.
    const again = await srv.call("/api/create-subscription", { method: "POST", token: b.token, body: { plan: "basic" } });
    const second = standIn.subscriptions.get(standIn.paymentIntents.get(piOf(again.body.clientSecret))!.subscription)!;
    expect(second.customer).toBe(sub.customer);
    expect(sub.status).toBe("incomplete_expired");
  });

  test("two clicks at once make one Stripe customer and one subscription; the second click is told to wait", async () => {
    const b = await srv.signUpBroker();
    // The click that claims the slot waits at Stripe until the other has had its answer, so the
    // two overlap however slowly either request reaches the database.
    const release = standIn.hold("POST /v1/customers");
    const calls = ["basic", "pro"].map((plan) => srv.call("/api/create-subscription", { method: "POST", token: b.token, body: { plan } }));
    const first = await Promise.race(calls);
    release();
    const answers = await Promise.all(calls);
    expect(first.status).toBe(409);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.message).toBe("A payment for your plan is already being prepared. Please wait a moment and try again.");
    const customers = [...standIn.customers.values()].filter((c) => c.metadata.brokerId === b.user.id);
    expect(customers).toHaveLength(1);
    // Only the subscription the portal remembers exists at Stripe: nothing can be paid unseen.
    const made = [...standIn.subscriptions.values()].filter((s) => s.customer === customers[0]!.id);
    expect(made).toHaveLength(1);
    const clientSecret = answers.find((a) => a.status === 200)!.body.clientSecret;
    expect(made[0]!.paymentIntentId).toBe(piOf(clientSecret));
    // Once the first is done the broker can ask again (the earlier attempt is dropped).
    const again = await srv.call("/api/create-subscription", { method: "POST", token: b.token, body: { plan: "unlimited" } });
    expect(again.status).toBe(200);
    expect(made[0]!.status).toBe("incomplete_expired");
  });

  test("a Stripe failure gives the slot back: the broker can try again at once, and an earlier attempt Stripe could not be asked about stays", async () => {
    const b = await srv.signUpBroker();
    const rowOf = async () => (await firstRow(srv.server.ctx.db, statement("select pending_subscription_id as pending from subscriptions where workspace_id = ?", b.user.id)));
    // Stripe down before anything of the broker's exists there: nothing is left behind.
    standIn.failing.add("POST /v1/customers");
    try {
      expect((await srv.call("/api/create-subscription", { method: "POST", token: b.token, body: { plan: "pro" } })).status).toBe(503);
    } finally {
      standIn.failing.delete("POST /v1/customers");
    }
    expect(await rowOf()).toBeNull();
    standIn.failing.add("POST /v1/subscriptions");
    try {
      const failed = await srv.call("/api/create-subscription", { method: "POST", token: b.token, body: { plan: "pro" } });
      expect(failed.status).toBe(503);
    } finally {
      standIn.failing.delete("POST /v1/subscriptions");
    }
    expect(await rowOf()).toEqual({ pending: null });
    const created = await srv.call("/api/create-subscription", { method: "POST", token: b.token, body: { plan: "pro" } });
    expect(created.status).toBe(200);

    // Stripe cannot say whether the earlier attempt was paid: it stays the one the portal waits for.
    const earlier = standIn.paymentIntents.get(piOf(created.body.clientSecret))!;
    const path = `GET /v1/subscriptions/${earlier.subscription}`;
    standIn.failing.add(path);
    try {
      expect((await srv.call("/api/create-subscription", { method: "POST", token: b.token, body: { plan: "basic" } })).status).toBe(503);
    } finally {
      standIn.failing.delete(path);
    }
    expect(standIn.subscriptions.get(earlier.subscription)!.status).toBe("incomplete");
    standIn.pay(earlier.id);
    const activated = await srv.call("/api/activate-subscription", { method: "POST", token: b.token, body: { paymentIntentId: earlier.id } });
    expect(activated.status).toBe(200);
    expect(activated.body.subscription.plan).toBe("pro");
  });

  test("a claim left by a request that died mid-way is taken over after 5 minutes", async () => {
    const b = await srv.signUpBroker();
    const claimAt = srv.clock.now().getTime();
    await write(srv.server.ctx, (tx) =>
      tx.insert(subscriptions).values({ workspaceId: b.user.id, plan: "free", status: "active", updatedAt: new Date(claimAt), pendingSubscriptionId: `claim:${claimAt}:died` }),
    );
    expect((await srv.call("/api/create-subscription", { method: "POST", token: b.token, body: { plan: "pro" } })).status).toBe(409);
    srv.clock.advance(5 * 60 * 1000 + 1000);
    expect((await srv.call("/api/create-subscription", { method: "POST", token: b.token, body: { plan: "pro" } })).status).toBe(200);
  });

  test("an earlier attempt that was paid (the browser never came back) becomes the plan instead of being canceled", async () => {
    const b = await srv.signUpBroker();
    const created = await srv.call("/api/create-subscription", { method: "POST", token: b.token, body: { plan: "basic" } });
    const paid = standIn.pay(piOf(created.body.clientSecret));
    const before = standIn.subscriptions.size;
    const next = await srv.call("/api/create-subscription", { method: "POST", token: b.token, body: { plan: "pro" } });
    expect(next.status).toBe(409);
    expect(next.body.message).toBe("Your earlier payment went through: you are now on the Basic plan.");
    expect(paid.status).toBe("active");
    expect(paid.cancelAtPeriodEnd).toBe(false);
    expect(standIn.subscriptions.size).toBe(before);
    expect((await subscription(b)).subscription).toMatchObject({ plan: "basic", status: "active" });
    // Switching now works as usual, and the paid Basic subscription is replaced only once Pro is paid.
    const { subscriptionId } = await buy(b, "pro");
    expect((await subscription(b)).subscription.plan).toBe("pro");
    expect(standIn.subscriptions.get(subscriptionId)!.status).toBe("active");
    expect(paid.status).toBe("canceled");
  });

  test("create and activate are limited to 10 an hour per broker: 429 with Retry-After and a message", async () => {
    const b = await srv.signUpBroker();
    const other = await srv.signUpBroker();
    for (let i = 0; i < 10; i++) {
      const res = await srv.call("/api/create-subscription", { method: "POST", token: b.token, body: { plan: i % 2 ? "basic" : "pro" } });
      expect(res.status).toBe(200);
    }
    const stripeCalls = standIn.requests.length;
    const limited = await srv.call("/api/create-subscription", { method: "POST", token: b.token, body: { plan: "pro" } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.body.message).toBe("Too many payment attempts. Please try again in 60 minutes.");
    expect(standIn.requests.length).toBe(stripeCalls);
    // Per broker: another broker is not held up.
    expect((await srv.call("/api/create-subscription", { method: "POST", token: other.token, body: { plan: "pro" } })).status).toBe(200);

    for (let i = 0; i < 10; i++) {
      expect((await srv.call("/api/activate-subscription", { method: "POST", token: b.token, body: { paymentIntentId: `pi_guess_${i}` } })).status).toBe(404);
    }
    const activate = await srv.call("/api/activate-subscription", { method: "POST", token: b.token, body: { paymentIntentId: "pi_guess_10" } });
    expect(activate.status).toBe(429);
    expect(Number(activate.headers.get("retry-after"))).toBeGreaterThan(0);

    srv.clock.advance(61 * 60 * 1000);
    expect((await srv.call("/api/create-subscription", { method: "POST", token: b.token, body: { plan: "pro" } })).status).toBe(200);
  });

  test("free, unknown and missing plans are 400 and create nothing at Stripe", async () => {
    const b = await srv.signUpBroker();
    const before = standIn.requests.length;
    for (const body of [{ plan: "free" }, { plan: "platinum" }, {}]) {
      const res = await srv.call("/api/create-subscription", { method: "POST", token: b.token, body });
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe("string");
    }
    expect(standIn.requests.length).toBe(before);
    expect((await srv.call("/api/create-subscription", { method: "POST", body: { plan: "pro" } })).status).toBe(401);
  });
});

describe("activate-subscription", () => {
  test("succeeds only for this broker's own payment once Stripe says it succeeded", async () => {
    const owner = await srv.signUpBroker();
    const intruder = await srv.signUpBroker();
    const created = await srv.call("/api/create-subscription", { method: "POST", token: owner.token, body: { plan: "basic" } });
    const paymentIntentId = piOf(created.body.clientSecret);

    // Unpaid: refused, plan unchanged.
    const unpaid = await srv.call("/api/activate-subscription", { method: "POST", token: owner.token, body: { paymentIntentId } });
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.message).toContain("has not gone through");
    expect((await subscription(owner)).subscription.plan).toBe("free");

    standIn.pay(paymentIntentId);
    // Another broker holding the id gets nothing, even with a pending payment of their own.
    await srv.call("/api/create-subscription", { method: "POST", token: intruder.token, body: { plan: "unlimited" } });
    const stolen = await srv.call("/api/activate-subscription", { method: "POST", token: intruder.token, body: { paymentIntentId } });
    expect(stolen.status).toBe(404);
    expect((await subscription(intruder)).subscription.plan).toBe("free");
    // A made-up id: 404.
    expect((await srv.call("/api/activate-subscription", { method: "POST", token: owner.token, body: { paymentIntentId: "pi_madeup" } })).status).toBe(404);

    const ok = await srv.call("/api/activate-subscription", { method: "POST", token: owner.token, body: { paymentIntentId } });
    expect(ok.status).toBe(200);
    expect(ok.body.subscription.plan).toBe("basic");
    expect(ok.body.subscription.status).toBe("active");
    expect(new Date(ok.body.subscription.currentPeriodEnd).getTime()).toBeGreaterThan(srv.clock.now().getTime());
    expect(ok.body.limits).toMatchObject({ customersLimit: 10, documentsPerCustomer: 10, documentsLimit: 100 });
    // Done once: the same payment cannot be activated again.
    expect((await srv.call("/api/activate-subscription", { method: "POST", token: owner.token, body: { paymentIntentId } })).status).toBe(404);
  });
});

describe("changing and canceling", () => {
  test("an upgrade between paid plans replaces the old subscription only once the new one is paid", async () => {
    const b = await srv.signUpBroker();
    const first = await buy(b, "basic");
    const created = await srv.call("/api/create-subscription", { method: "POST", token: b.token, body: { plan: "pro" } });
    expect(created.status).toBe(200);
    // Until the new plan is paid the old one holds.
    expect((await subscription(b)).subscription.plan).toBe("basic");
    expect(standIn.subscriptions.get(first.subscriptionId)!.status).toBe("active");
    const paymentIntentId = piOf(created.body.clientSecret);
    standIn.pay(paymentIntentId);
    const res = await srv.call("/api/activate-subscription", { method: "POST", token: b.token, body: { paymentIntentId } });
    expect(res.body.subscription.plan).toBe("pro");
    expect(standIn.subscriptions.get(first.subscriptionId)!.status).toBe("canceled");
    // The current plan cannot be bought again.
    const same = await srv.call("/api/create-subscription", { method: "POST", token: b.token, body: { plan: "pro" } });
    expect(same.status).toBe(409);
  });

  test("cancel keeps the plan until the period ends, then the scheduler moves the broker to Free", async () => {
    const b = await srv.signUpBroker();
    const { subscriptionId } = await buy(b, "pro");
    const res = await srv.call("/api/cancel-subscription", { method: "POST", token: b.token });
    expect(res.status).toBe(200);
    expect(res.body.message).toContain("Your Pro plan has been canceled. It stays active until");
    expect(standIn.subscriptions.get(subscriptionId)!.cancelAtPeriodEnd).toBe(true);
    const canceled = await subscription(b);
    expect(canceled.subscription).toMatchObject({ plan: "pro", status: "canceled" });
    expect((await srv.call("/api/cancel-subscription", { method: "POST", token: b.token })).status).toBe(409);

    await srv.runJobs();
    expect((await subscription(b)).subscription.plan).toBe("pro");
    srv.clock.advance(31 * 86_400_000);
    await srv.runJobs();
    const row = (await firstRow(srv.server.ctx.db, statement("select plan, status, stripe_subscription_id as sub from subscriptions where workspace_id = ?", b.user.id)));
    expect(row).toEqual({ plan: "free", status: "active", sub: null });
    // A month later the session has expired too: sign in again.
    const signin = await srv.call("/api/auth/signin", { method: "POST", body: { email: b.user.email, password: "correct horse battery" } });
    const again = { ...b, token: signin.body.token };
    expect((await subscription(again)).subscription).toEqual({ plan: "free", status: "active", currentPeriodEnd: null });
    // Free has nothing to cancel.
    expect((await srv.call("/api/cancel-subscription", { method: "POST", token: again.token })).status).toBe(400);
  });
});

describe("webhook", () => {
  test("a forged signature, a wrong secret, a changed body, a missing header or a stale timestamp are refused and change nothing", async () => {
    const b = await srv.signUpBroker();
    const created = await srv.call("/api/create-subscription", { method: "POST", token: b.token, body: { plan: "basic" } });
    const subId = standIn.paymentIntents.get(piOf(created.body.clientSecret))!.subscription;
    standIn.pay(piOf(created.body.clientSecret));
    const invoice = standIn.invoiceObject(subId);

    expect((await sendEvent("invoice.paid", invoice, { secret: "whsec_forged" })).status).toBe(400);
    const stale = await sendEvent("invoice.paid", invoice, { timestamp: Math.floor(srv.clock.now().getTime() / 1000) - 301 });
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe("The webhook signature is not valid or its timestamp is too old.");
    // Signed for later (a replay kept for the future): refused too, beyond the same few minutes.
    const future = await sendEvent("invoice.paid", invoice, { timestamp: Math.floor(srv.clock.now().getTime() / 1000) + 301 });
    expect(future.status).toBe(400);
    expect(future.body.message).toBe("The webhook's timestamp is in the future.");
    const farFuture = await sendEvent("invoice.paid", invoice, { timestamp: Math.floor(srv.clock.now().getTime() / 1000) + 30 * 86_400 });
    expect(farFuture.body.message).toBe("The webhook's timestamp is in the future.");
    const payload = JSON.stringify({ id: "evt_tampered", object: "event", type: "invoice.paid", data: { object: invoice } });
    const header = await signer.webhooks.generateTestHeaderStringAsync({ payload, secret: STAND_IN_KEYS.webhook, timestamp: Math.floor(srv.clock.now().getTime() / 1000) });
    const tampered = await srv.call("/api/stripe/webhook", { method: "POST", body: payload.replace("invoice.paid", "invoice.paid "), headers: { "stripe-signature": header } });
    expect(tampered.status).toBe(400);
    expect((await srv.call("/api/stripe/webhook", { method: "POST", body: payload })).status).toBe(400);
    expect(await countRows(srv, "stripe_events")).toBe(0);
    expect((await subscription(b)).subscription.plan).toBe("free");

    // The genuine delivery: the first payment activates the plan even if the browser never returned.
    const genuine = await sendEvent("invoice.paid", invoice, { id: "evt_first_payment" });
    expect(genuine.status).toBe(200);
    expect(genuine.body).toEqual({ received: true });
    expect((await subscription(b)).subscription.plan).toBe("basic");
  });

  test("a replayed event is handled once", async () => {
    const b = await srv.signUpBroker();
    const { subscriptionId } = await buy(b, "basic");
    const deleted = { ...standIn.subscriptionObject(subscriptionId), status: "canceled" };
    const first = await sendEvent("customer.subscription.deleted", deleted, { id: "evt_replayed" });
    expect(first.body).toEqual({ received: true });
    expect((await subscription(b)).subscription.plan).toBe("free");
    // The broker buys again; replaying the old deletion must not take the new plan away.
    await buy(b, "pro");
    const replay = await sendEvent("customer.subscription.deleted", deleted, { id: "evt_replayed" });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({ received: true, duplicate: true });
    expect((await subscription(b)).subscription.plan).toBe("pro");
  });

  test("renewals, failed payments, updates and deletions keep the plan in step", async () => {
    const b = await srv.signUpBroker();
    const { subscriptionId } = await buy(b, "basic");
    const periodEnd = new Date((await subscription(b)).subscription.currentPeriodEnd).getTime() / 1000;

    // A renewal the card could not pay: Free until it is paid.
    await sendEvent("invoice.payment_failed", standIn.invoiceObject(subscriptionId));
    const unpaid = await subscription(b);
    expect(unpaid.subscription).toMatchObject({ plan: "basic", status: "incomplete" });
    expect(unpaid.limits).toMatchObject({ customersLimit: 3, documentsPerCustomer: 3 });
    // Paid after all, for the next period.
    const next = periodEnd + 30 * 86_400;
    await sendEvent("invoice.paid", standIn.invoiceObject(subscriptionId, next));
    expect((await subscription(b)).subscription).toEqual({ plan: "basic", status: "active", currentPeriodEnd: new Date(next * 1000).toISOString() });

    // Changed in Stripe's dashboard: to Pro, canceling at period end.
    const state = standIn.subscriptions.get(subscriptionId)!;
    state.price = standIn.env.STRIPE_PRICE_PRO!;
    state.cancelAtPeriodEnd = true;
    await sendEvent("customer.subscription.updated", standIn.subscriptionObject(subscriptionId));
    expect((await subscription(b)).subscription).toMatchObject({ plan: "pro", status: "canceled" });

    await sendEvent("customer.subscription.deleted", { ...standIn.subscriptionObject(subscriptionId), status: "canceled" });
    expect((await subscription(b)).subscription).toEqual({ plan: "free", status: "active", currentPeriodEnd: null });
  });

  test("a pending subscription becomes the plan when Stripe reports it active, and is forgotten when it expires unpaid", async () => {
    const b = await srv.signUpBroker();
    const created = await srv.call("/api/create-subscription", { method: "POST", token: b.token, body: { plan: "unlimited" } });
    const paymentIntentId = piOf(created.body.clientSecret);
    const state = standIn.pay(paymentIntentId);
    await sendEvent("customer.subscription.updated", standIn.subscriptionObject(state.id));
    expect((await subscription(b)).subscription).toMatchObject({ plan: "unlimited", status: "active" });
    // The browser's activate afterwards finds nothing left to do.
    expect((await srv.call("/api/activate-subscription", { method: "POST", token: b.token, body: { paymentIntentId } })).status).toBe(404);

    const other = await srv.signUpBroker();
    const abandoned = await srv.call("/api/create-subscription", { method: "POST", token: other.token, body: { plan: "pro" } });
    const intent = piOf(abandoned.body.clientSecret);
    const sub = standIn.paymentIntents.get(intent)!.subscription;
    await sendEvent("customer.subscription.updated", { ...standIn.subscriptionObject(sub), status: "incomplete_expired" });
    standIn.pay(intent); // even if it were paid now, the portal no longer waits for it
    expect((await srv.call("/api/activate-subscription", { method: "POST", token: other.token, body: { paymentIntentId: intent } })).status).toBe(404);
    expect((await subscription(other)).subscription.plan).toBe("free");
  });

  test("a signed but malformed event is 400 with a message and records nothing", async () => {
    const before = await countRows(srv, "stripe_events");
    const bodies = ["[]", "null", '{"id":null}', '"evt"', '{"id":"evt_no_type","data":{"object":{}}}', '{"id":"evt_no_data","type":"invoice.paid"}', '{"id":"evt_null_object","type":"invoice.paid","data":{"object":null}}', '{"id":"evt_array","type":"invoice.paid","data":{"object":[]}}'];
    for (const payload of bodies) {
      const res = await sendEvent("unused", null, { payload });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("The webhook event is malformed: it needs a string id, a string type and a data.object.");
    }
    expect(await countRows(srv, "stripe_events")).toBe(before);
  });

  test("a paid first invoice of a subscription the portal lost track of becomes the plan of the broker its metadata names", async () => {
    const b = await srv.signUpBroker();
    const created = await srv.call("/api/create-subscription", { method: "POST", token: b.token, body: { plan: "pro" } });
    const state = standIn.pay(piOf(created.body.clientSecret));
    // As if a second create had overwritten the pending slot: no row holds this subscription.
    await exec(srv.server.ctx.db, statement("update subscriptions set pending_subscription_id = null, pending_plan = null, pending_payment_intent_id = null where workspace_id = ?", b.user.id));
    expect(state.metadata.brokerId).toBe(b.user.id);
    const res = await sendEvent("invoice.paid", standIn.invoiceObject(state.id));
    expect(res.status).toBe(200);
    expect((await subscription(b)).subscription).toMatchObject({ plan: "pro", status: "active" });
    expect(state.status).toBe("active");
  });

  test("a paid renewal of a portal subscription no broker holds is canceled at Stripe; one without our metadata is left alone", async () => {
    const b = await srv.signUpBroker();
    const first = await buy(b, "basic");
    await buy(b, "pro");
    const replaced = standIn.subscriptions.get(first.subscriptionId)!;
    // The replaced plan's cancel failed at the time (Stripe down) and it renewed.
    replaced.status = "active";
    const res = await sendEvent("invoice.paid", standIn.invoiceObject(first.subscriptionId, undefined, "subscription_cycle"));
    expect(res.status).toBe(200);
    expect(standIn.subscriptions.get(first.subscriptionId)!.status).toBe("canceled");
    expect((await subscription(b)).subscription.plan).toBe("pro");

    const foreign = await buy(await srv.signUpBroker(), "basic");
    const invoice = standIn.invoiceObject(foreign.subscriptionId) as { parent: { subscription_details: { subscription: string; metadata: unknown } } };
    invoice.parent.subscription_details = { subscription: "sub_not_from_this_portal", metadata: {} };
    const requestsBefore = standIn.requests.length;
    expect((await sendEvent("invoice.paid", invoice)).status).toBe(200);
    expect(standIn.requests.length).toBe(requestsBefore);
  });

  test("events about subscriptions the portal never stored change nothing", async () => {
    const b = await srv.signUpBroker();
    await buy(b, "basic");
    const res = await sendEvent("customer.subscription.deleted", { id: "sub_someone_else", object: "subscription", status: "canceled", items: { data: [] } });
    expect(res.status).toBe(200);
    expect((await subscription(b)).subscription.plan).toBe("basic");
  });
});
