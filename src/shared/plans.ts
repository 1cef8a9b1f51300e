// The subscription plan catalogue (SPEC section 9). Pure data shared by the
// server (limits, billing) and the web app (pricing dialog, plan cards).

export type PlanId = "free" | "basic" | "pro" | "unlimited";

/** A limit of -1 means the plan has no limit. */
export const UNLIMITED = -1;

export interface Plan {
  id: PlanId;
  name: string;
  /** US dollars per month. */
  price: number;
  features: readonly string[];
  /** How many customers a broker may have; -1 = unlimited. */
  customersLimit: number;
  /** How many documents a broker may request; -1 = unlimited. */
  documentsLimit: number;
  /** How many documents one request may select; null = no cap. */
  perRequestLimit: number | null;
}

// The spec gives Basic two prices ($9.99 in the catalogue, $29.99 in one
// dialog). We use the catalogue price everywhere so no screen disagrees.
export const PLANS: readonly Plan[] = [
  {
    id: "free",
    name: "Free",
    price: 0,
    features: ["Basic support", "Email notifications", "Document tracking"],
    customersLimit: 3,
    documentsLimit: 3,
    perRequestLimit: 3,
  },
  {
    id: "basic",
    name: "Basic",
    price: 9.99,
    features: ["Email support", "Advanced notifications", "Document validation", "Custom branding"],
    customersLimit: 10,
    documentsLimit: 10,
    perRequestLimit: 10,
  },
  {
    id: "pro",
    name: "Pro",
    price: 59.99,
    features: ["Priority support", "Advanced analytics", "Bulk operations", "API access"],
    customersLimit: 20,
    documentsLimit: 20,
    perRequestLimit: 20,
  },
  {
    id: "unlimited",
    name: "Unlimited",
    price: 99.99,
    features: ["24/7 support", "White-label solution", "Custom integrations", "Dedicated account manager"],
    customersLimit: UNLIMITED,
    documentsLimit: UNLIMITED,
    perRequestLimit: null,
  },
];

/** Plans from lowest to highest; upgrades only go up this ladder. */
export const PLAN_LADDER: readonly PlanId[] = PLANS.map((plan) => plan.id);

/** The plans that are bought through Stripe. */
export type PaidPlanId = Exclude<PlanId, "free">;
export const PAID_PLANS: readonly PaidPlanId[] = ["basic", "pro", "unlimited"];
export const isPaidPlan = (value: unknown): value is PaidPlanId => (PAID_PLANS as readonly unknown[]).includes(value);

/** Monthly prices in dollars the portal charges (set by the operator with the Stripe price ids). */
export type PlanPrices = Record<PaidPlanId, number>;

/** The catalogue with the operator's prices, so every screen shows the price Stripe charges. */
export function pricedPlans(prices: PlanPrices): Plan[] {
  return PLANS.map((plan) => (isPaidPlan(plan.id) ? { ...plan, price: prices[plan.id] } : plan));
}

/** Position on the ladder free < basic < pro < unlimited. */
export const planRank = (id: PlanId) => PLAN_LADDER.indexOf(id);


export function isPlanId(value: unknown): value is PlanId {
  return typeof value === "string" && (PLAN_LADDER as readonly string[]).includes(value);
}

export function getPlan(id: PlanId): Plan {
  const plan = PLANS.find((candidate) => candidate.id === id);
  if (!plan) throw new Error(`Unknown plan: ${id}`);
  return plan;
}

/** "$0", "$9.99" */
export function formatPlanPrice(price: number): string {
  return Number.isInteger(price) ? `$${price}` : `$${price.toFixed(2)}`;
}

/**
 * The one reading of "unlimited" (SPEC 2 and 9): no limit given, UNLIMITED (-1) or any other
 * negative, infinity, or the legacy 999999+ sentinel. (A missing limit on the Profile screen is
 * read as 3 before this is asked: see web/features/profile/usage.ts.)
 */
export const isUnlimited = (limit: number | null | undefined): boolean =>
  limit === null || limit === undefined || limit < 0 || limit >= 999999 || !Number.isFinite(limit);

/** "3", "Unlimited". */
export function formatLimit(limit: number): string {
  return isUnlimited(limit) ? "Unlimited" : String(limit);
}
