// Plan limits as rules: what a broker may add, and the exact words used when they may not.
// The server enforces them; the browser uses the same functions to warn before asking.
import { getPlan, isUnlimited, type PlanId } from "./plans.ts";

/** Per-customer requested-document cap when the plan gives none (SPEC: maxAllowed default 3). */
export const DEFAULT_MAX_ALLOWED = 3;

/**
 * The cap a screen works with, from a limit the server sent: a missing one is the spec's 3
 * (document-limit's maxAllowed, the Profile's limits), an unlimited one is null (no cap).
 */
export function resolveCap(limit: number | null | undefined): number | null {
  if (limit === null || limit === undefined || Number.isNaN(limit)) return DEFAULT_MAX_ALLOWED;
  return isUnlimited(limit) ? null : limit;
}

/** SPEC 5: a warning once the customer's total reaches the cap minus one, or equals it. */
export const approachesCap = (total: number, cap: number | null) => cap !== null && total >= cap - 1 && total <= cap;

/**
 * SPEC 2/9: picking more standard documents locks once the customer has as many non-shared
 * documents as the plan's per-customer cap allows (the spec's "3" is the default maxAllowed);
 * with no cap (unlimited) nothing locks. One rule for every dialog that adds documents.
 */
export const standardSelectionLocked = (existing: number, cap: number | null): boolean => cap !== null && existing >= cap;

export const limitMessages = {
  /** SPEC 8: the dashboard flow's words; elsewhere customerLimitElsewhere. */
  customerLimit: "Customer limit reached. Upgrade your subscription plan to add more customers.",
  customerLimitElsewhere: "Customer limit reached. Upgrade for more uploads and document generation.",
  customerLimitBanner: "You've reached your customer limit. Upgrade your plan to add more customers.",
  documentLimitTitle: "Document Limit Reached",
  perCustomerTitle: "Document Limit Exceeded",
  perRequest: (cap: number | null) =>
    `You can only select up to ${cap === null ? "unlimited" : cap} documents per request based on your subscription plan.`,
  perCustomer: (adding: number, current: number, max: number) =>
    `Cannot add ${adding} documents. Customer already has ${current} requested documents. Maximum allowed is ${max} requested documents per customer based on your subscription plan.`,
} as const;

/** How many requested documents one customer may have under a plan (null = no cap). */
export function maxDocumentsPerCustomer(plan: PlanId): number | null {
  const { documentsLimit } = getPlan(plan);
  return isUnlimited(documentsLimit) ? null : documentsLimit;
}

/** How many customers a broker may have under a plan (null = no cap). */
export function maxCustomers(plan: PlanId): number | null {
  const { customersLimit } = getPlan(plan);
  return isUnlimited(customersLimit) ? null : customersLimit;
}

export function canAddCustomer(plan: PlanId, customersUsed: number): boolean {
  const cap = maxCustomers(plan);
  return cap === null || customersUsed < cap;
}

/** The message refusing a request of `count` documents, or null when the plan allows it. */
export function perRequestError(plan: PlanId, count: number): string | null {
  const cap = getPlan(plan).perRequestLimit;
  return cap !== null && count > cap ? limitMessages.perRequest(cap) : null;
}

/** The message refusing `adding` more documents for a customer who has `current`, or null. */
export function perCustomerError(current: number, adding: number, maxAllowed: number | null): string | null {
  if (maxAllowed === null || current + adding <= maxAllowed) return null;
  return limitMessages.perCustomer(adding, current, maxAllowed);
}

/** Counter colour: yellow from 80 % of the cap, red at the cap. */
export function capLevel(count: number, cap: number | null): "ok" | "warning" | "full" {
  if (cap === null) return "ok";
  if (count >= cap) return "full";
  return count >= cap * 0.8 ? "warning" : "ok";
}
