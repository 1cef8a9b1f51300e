// Stripe billing (STRIPE_*, PLAN_PRICE_*): off unless configured, then complete or refused.
import { getPlan } from "../shared/plans.ts";
import { ConfigError, parseUrl, value, type Env } from "./parse.ts";

export interface BillingConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Stripe price ids of the paid plans. */
  prices: { basic: string; pro: string; unlimited: string };
  /** US dollars a month shown for each paid plan (PLAN_PRICE_*): what the Stripe price charges. */
  amounts: { basic: number; pro: number; unlimited: number };
  apiBase: string | null;
}

const BILLING_SETTINGS = [
  "STRIPE_SECRET_KEY",
  "STRIPE_PUBLISHABLE_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_PRICE_BASIC",
  "STRIPE_PRICE_PRO",
  "STRIPE_PRICE_UNLIMITED",
] as const;

/** A monthly price in dollars (PLAN_PRICE_*), or the catalogue's when unset. */
function planAmount(env: Env, name: string, fallback: number): number {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(raw) || Number(raw) <= 0) {
    throw new ConfigError(`${name} must be a monthly price in dollars such as 9.99 (got "${raw}")`);
  }
  return Number(raw);
}

/**
 * Billing is on when any Stripe setting is given; then every one of them must be: one message
 * names all that are missing, so an operator fixes them in one go.
 */
export function billingConfig(env: Env): BillingConfig | null {
  const given = BILLING_SETTINGS.filter((name) => value(env, name));
  if (given.length === 0) return null;
  const missing = BILLING_SETTINGS.filter((name) => !value(env, name));
  if (missing.length) {
    throw new ConfigError(`Billing needs every Stripe setting; missing: ${missing.join(", ")} (or unset ${given.join(", ")} to run without billing)`);
  }
  const secretKey = value(env, "STRIPE_SECRET_KEY")!;
  if (!/^(sk|rk)_/.test(secretKey)) throw new ConfigError("STRIPE_SECRET_KEY must be a Stripe secret key (sk_… or rk_…)");
  const publishableKey = value(env, "STRIPE_PUBLISHABLE_KEY")!;
  if (!publishableKey.startsWith("pk_")) throw new ConfigError("STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_…)");
  const webhookSecret = value(env, "STRIPE_WEBHOOK_SECRET")!;
  if (!webhookSecret.startsWith("whsec_")) throw new ConfigError("STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)");
  const apiBase = value(env, "STRIPE_API_BASE");
  if (apiBase) parseUrl(apiBase, "STRIPE_API_BASE", ["http:", "https:"]);
  return {
    secretKey,
    publishableKey,
    webhookSecret,
    prices: { basic: value(env, "STRIPE_PRICE_BASIC")!, pro: value(env, "STRIPE_PRICE_PRO")!, unlimited: value(env, "STRIPE_PRICE_UNLIMITED")! },
    amounts: {
      basic: planAmount(env, "PLAN_PRICE_BASIC", getPlan("basic").price),
      pro: planAmount(env, "PLAN_PRICE_PRO", getPlan("pro").price),
      unlimited: planAmount(env, "PLAN_PRICE_UNLIMITED", getPlan("unlimited").price),
    },
    apiBase: apiBase ?? null,
  };
}
