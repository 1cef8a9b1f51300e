import { resolveCap } from "@shared/limits";
import type { PlanId } from "@shared/plans";
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
  // The per-customer cap is the spec's maxAllowed: missing means 3, -1 means no cap, as
  // everywhere on the client (resolveCap). A server without the per-customer field gave the
  // plan's documentsLimit for both.
  return {
    plan: data.subscription.plan,
    documentsCap: resolveCap(data.limits?.documentsPerCustomer ?? data.limits?.documentsLimit),
    canCreateCustomer: data.canCreateCustomer !== false,
  };
}
