// A local stand-in for the few Stripe endpoints the portal calls, so the real `stripe` SDK can
// be pointed at it (STRIPE_API_BASE). It keeps customers, subscriptions and payment intents in
// memory, answers in Stripe's shapes (API 2026: period ends on the items, the first invoice's
// confirmation_secret), and lets a test decide what a card payment did (pay / fail).

export const STAND_IN_KEYS = {
  secret: "sk_test_standin",
  publishable: "pk_test_standin",
  webhook: "whsec_standin_secret",
};

export const STAND_IN_PRICES = { basic: "price_basic_test", pro: "price_pro_test", unlimited: "price_unlimited_test" };

interface SubscriptionState {
  id: string;
  customer: string;
  price: string;
  status: "incomplete" | "active" | "canceled" | "incomplete_expired" | "past_due";
  cancelAtPeriodEnd: boolean;
  periodEnd: number;
  metadata: Record<string, string>;
  invoiceId: string;
  paymentIntentId: string;
}

export interface StripeStandIn {
  /** http://127.0.0.1:port, for STRIPE_API_BASE. */
  url: string;
  /** The settings that turn billing on against this stand-in. */
  env: Record<string, string>;
  customers: Map<string, { id: string; email: string; metadata: Record<string, string> }>;
  subscriptions: Map<string, SubscriptionState>;
  paymentIntents: Map<string, { id: string; customer: string; status: string; subscription: string }>;
  /** Every request, as "METHOD /path". */
  requests: string[];
  /** Requests ("METHOD /path", path without ids for a collection) that Stripe refuses with a 400 api_error while listed. */
  failing: Set<string>;
  /** Requests ("METHOD /path") that wait, unanswered, until the returned function is called. */
  hold(route: string): () => void;
  /** What the card did: the payment succeeds and its subscription becomes active. */
  pay(paymentIntentId: string): SubscriptionState;
  /** The card was declined. */
  decline(paymentIntentId: string): void;
  /** The subscription object as Stripe sends it (for webhook payloads). */
  subscriptionObject(id: string): Record<string, unknown>;
  /** An invoice of a subscription as Stripe sends it: the first one unless `billingReason` says a renewal. */
  invoiceObject(id: string, periodEnd?: number, billingReason?: "subscription_create" | "subscription_cycle"): Record<string, unknown>;
  stop(): Promise<void>;
}

let counter = 0;
const newId = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(++counter).toString(36)}standin`;

/** `a[b][0][c]=v` form fields as a flat map keyed by their bracketed names. */
const formOf = async (request: Request) => Object.fromEntries(new URLSearchParams(await request.text()));

function error(status: number, message: string, type = "invalid_request_error") {
  return Response.json({ error: { type, message } }, { status });
}

/** `now` is the app's clock in ms, so period ends line up with the test's time. */
export function startStripeStandIn(now: () => number = Date.now): StripeStandIn {
  const customers: StripeStandIn["customers"] = new Map();
  const subscriptions: StripeStandIn["subscriptions"] = new Map();
  const paymentIntents: StripeStandIn["paymentIntents"] = new Map();
  const requests: string[] = [];
  const failing = new Set<string>();
  const held = new Map<string, Promise<void>>();
  const idempotent = new Map<string, string>();
  const month = 30 * 86_400;

  const subscriptionObject = (id: string) => {
    const s = subscriptions.get(id)!;
    return {
      id: s.id,
      object: "subscription",
      customer: s.customer,
      status: s.status,
      cancel_at_period_end: s.cancelAtPeriodEnd,
      cancel_at: s.cancelAtPeriodEnd ? s.periodEnd : null,
      metadata: s.metadata,
      latest_invoice: s.invoiceId,
      items: {
        object: "list",
        data: [{ id: `si_${s.id}`, object: "subscription_item", current_period_end: s.periodEnd, price: { id: s.price, object: "price" } }],
      },
    };
  };
  const invoiceObject = (id: string, periodEnd?: number, billingReason: "subscription_create" | "subscription_cycle" = "subscription_create") => {
    const s = subscriptions.get(id)!;
    return {
      id: s.invoiceId,
      object: "invoice",
      customer: s.customer,
      status: paymentIntents.get(s.paymentIntentId)?.status === "succeeded" ? "paid" : "open",
      billing_reason: billingReason,
      confirmation_secret: { client_secret: `${s.paymentIntentId}_secret_${s.id}`, type: "payment_intent" },
      parent: { type: "subscription_details", subscription_details: { subscription: s.id, metadata: s.metadata } },
      lines: { object: "list", data: [{ id: `il_${s.id}`, object: "line_item", period: { start: s.periodEnd - month, end: periodEnd ?? s.periodEnd } }] },
    };
  };

  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const url = new URL(request.url);
      const path = url.pathname;
      requests.push(`${request.method} ${path}`);
      if (request.headers.get("authorization") !== `Bearer ${STAND_IN_KEYS.secret}`) {
        return error(401, "Invalid API Key provided", "invalid_request_error");
      }
      // 400, not 5xx: the SDK retries a 5xx once, and a test wants one clear failure.
      await held.get(`${request.method} ${path}`);
      if (failing.has(`${request.method} ${path}`)) return error(400, "The stand-in was told to fail this request", "api_error");
      if (request.method === "POST" && path === "/v1/customers") {
        // Stripe answers a repeated Idempotency-Key with the first answer.
        const key = request.headers.get("idempotency-key");
        const earlier = key ? idempotent.get(key) : undefined;
        if (earlier) return Response.json(customers.get(earlier));
        const form = await formOf(request);
        const customer = { id: newId("cus"), object: "customer", email: form.email ?? "", metadata: { brokerId: form["metadata[brokerId]"] ?? "" } };
        customers.set(customer.id, customer);
        if (key) idempotent.set(key, customer.id);
        return Response.json(customer);
      }
      if (request.method === "POST" && path === "/v1/subscriptions") {
        const form = await formOf(request);
        const customer = form.customer ?? "";
        if (!customers.has(customer)) return error(400, `No such customer: '${customer}'`);
        const price = form["items[0][price]"] ?? "";
        if (!Object.values(STAND_IN_PRICES).includes(price)) return error(400, `No such price: '${price}'`);
        if (form.payment_behavior !== "default_incomplete") return error(400, "the stand-in only creates incomplete subscriptions");
        const id = newId("sub");
        const state: SubscriptionState = {
          id,
          customer,
          price,
          status: "incomplete",
          cancelAtPeriodEnd: false,
          periodEnd: Math.floor(now() / 1000) + month,
          metadata: { brokerId: form["metadata[brokerId]"] ?? "", plan: form["metadata[plan]"] ?? "" },
          invoiceId: newId("in"),
          paymentIntentId: newId("pi"),
        };
        subscriptions.set(id, state);
        paymentIntents.set(state.paymentIntentId, { id: state.paymentIntentId, customer, status: "requires_payment_method", subscription: id });
        const expanded = form["expand[0]"] === "latest_invoice.confirmation_secret";
        return Response.json({ ...subscriptionObject(id), latest_invoice: expanded ? invoiceObject(id) : state.invoiceId });
      }
      const pi = path.match(/^\/v1\/payment_intents\/([^/]+)$/);
      if (pi && request.method === "GET") {
        const intent = paymentIntents.get(decodeURIComponent(pi[1]!));
        if (!intent) return error(404, `No such payment_intent: '${pi[1]}'`);
        return Response.json({ id: intent.id, object: "payment_intent", customer: intent.customer, status: intent.status, amount: 999, currency: "usd" });
      }
      const sub = path.match(/^\/v1\/subscriptions\/([^/]+)$/);
      if (sub) {
        const state = subscriptions.get(decodeURIComponent(sub[1]!));
        if (!state) return error(404, `No such subscription: '${sub[1]}'`);
        if (request.method === "GET") return Response.json(subscriptionObject(state.id));
        if (request.method === "POST") {
          const form = await formOf(request);
          if (form.cancel_at_period_end !== undefined) state.cancelAtPeriodEnd = form.cancel_at_period_end === "true";
          return Response.json(subscriptionObject(state.id));
        }
        if (request.method === "DELETE") {
          state.status = state.status === "incomplete" ? "incomplete_expired" : "canceled";
          return Response.json(subscriptionObject(state.id));
        }
      }
      return error(404, `Unrecognized request URL (${request.method}: ${path})`);
    },
  });

  return {
    url: `http://127.0.0.1:${server.port}`,
    env: {
      STRIPE_SECRET_KEY: STAND_IN_KEYS.secret,
      STRIPE_PUBLISHABLE_KEY: STAND_IN_KEYS.publishable,
      STRIPE_WEBHOOK_SECRET: STAND_IN_KEYS.webhook,
      STRIPE_PRICE_BASIC: STAND_IN_PRICES.basic,
      STRIPE_PRICE_PRO: STAND_IN_PRICES.pro,
      STRIPE_PRICE_UNLIMITED: STAND_IN_PRICES.unlimited,
      STRIPE_API_BASE: `http://127.0.0.1:${server.port}`,
    },
    customers,
    subscriptions,
    paymentIntents,
    requests,
    failing,
    hold(route) {
      let release!: () => void;
      held.set(route, new Promise((resolve) => (release = resolve)));
      return () => {
        held.delete(route);
        release();
      };
    },
    pay(paymentIntentId) {
      const intent = paymentIntents.get(paymentIntentId);
      if (!intent) throw new Error(`no payment intent ${paymentIntentId}`);
      intent.status = "succeeded";
      const state = subscriptions.get(intent.subscription)!;
      state.status = "active";
      return state;
    },
    decline(paymentIntentId) {
      const intent = paymentIntents.get(paymentIntentId);
      if (!intent) throw new Error(`no payment intent ${paymentIntentId}`);
      intent.status = "requires_payment_method";
    },
    subscriptionObject,
    invoiceObject,
    stop: () => server.stop(true),
  };
}
