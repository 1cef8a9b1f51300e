import { isUnlimited, type PlanId } from "@shared/plans";
import { maxDocumentsPerCustomer } from "@shared/limits";
import { useSubscriptionQuery } from "./api";

export interface PlanLimits {
  plan: PlanId;
  /** Requested documents one customer may have; null = no cap. */
  documentsCap: number | null;
  /** False only when the server says so; unknown means "let the server decide". */
  canCreateCustomer: boolean;
}

/**
 * The broker's plan and caps as the screens need them. SPEC 3: when the
 * subscription is absent the view assumes the unlimited plan with no limits.
 */
export function usePlanLimits(): PlanLimits {
  const { data } = useSubscriptionQuery();
  if (!data) return { plan: "unlimited", documentsCap: null, canCreateCustomer: true };
  // documentsLimit is what the plan allows in all; the per-customer cap is its own field.
  const perCustomer = data.limits.documentsPerCustomer;
  const documentsCap = perCustomer === undefined ? maxDocumentsPerCustomer(data.subscription.plan) : isUnlimited(perCustomer) ? null : perCustomer;
  return { plan: data.subscription.plan, documentsCap, canCreateCustomer: data.canCreateCustomer !== false };
}
