// The one Stripe client of an app, built from its config. STRIPE_API_BASE points it at a local
// stand-in (tests) instead of api.stripe.com. The SDK is loaded with the first call, not at
// start: most self-hosted portals run with billing off.
import type Stripe from "stripe";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import { instanceState } from "../../lib/instance-state.ts";

type BillingConfig = NonNullable<AppContext["config"]["billing"]>;

/** Billing is off on this portal (no Stripe keys): every plan call answers this. */
export const billingNotEnabled = () =>
  new AppError("conflict", "Billing is not enabled on this portal: every broker has the Unlimited plan and nothing is charged.");

export function requireBilling(ctx: AppContext): BillingConfig {
  if (!ctx.config.billing) throw billingNotEnabled();
  return ctx.config.billing;
}

// The pending client, not the client: calls that arrive together on a cold portal share one.
const clients = instanceState("Stripe clients", "per process", "each instance's own SDK client and its connections", new WeakMap<AppContext, Promise<Stripe>>());

export async function stripeFor(ctx: AppContext): Promise<Stripe> {
  const billing = requireBilling(ctx);
  let client = clients.get(ctx);
  if (!client) {
    client = buildClient(billing);
    clients.set(ctx, client);
    client.catch(() => clients.delete(ctx)); // a failed load is tried again on the next call
  }
  return client;
}

async function buildClient(billing: BillingConfig): Promise<Stripe> {
  const { default: Stripe } = await import("stripe");
  const base = billing.apiBase ? new URL(billing.apiBase) : null;
  return new Stripe(billing.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    appInfo: { name: "broker-portal" },
    ...(base
      ? { protocol: base.protocol.replace(":", "") as "http" | "https", host: base.hostname, port: base.port || (base.protocol === "https:" ? 443 : 80) }
      : {}),
  });
}

/**
 * Runs a Stripe call; a failure (Stripe unreachable, a key or price id Stripe refuses) is logged
 * with its details and answered as a clear 503, never as Stripe's text or a stack trace.
 */
export async function callStripe<T>(ctx: AppContext, what: string, call: (stripe: Stripe) => Promise<T>): Promise<T> {
  try {
    return await call(await stripeFor(ctx));
  } catch (error) {
    if (error instanceof AppError) throw error;
    const e = error as { type?: string; code?: string; statusCode?: number; message?: string };
    ctx.log.error(`Stripe call failed: ${what}`, { type: e.type, code: e.code, status: e.statusCode, error: e.message ?? String(error) });
    throw new AppError("unavailable", "The payment service could not complete the request. Please try again in a moment.");
  }
}

/** Which of our plans a Stripe price id is, or null. */
export function planForPrice(billing: BillingConfig, priceId: string | null | undefined) {
  for (const [plan, id] of Object.entries(billing.prices)) if (id === priceId) return plan as keyof BillingConfig["prices"];
  return null;
}
