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
  return {
    plan: data.subscription.plan,
    // A subscription without the limit (the spec's maxAllowed) means 3, as everywhere on the client.
    documentsCap: resolveCap(data.limits?.documentsLimit),
    canCreateCustomer: data.canCreateCustomer !== false,
  };
}
