import { PLANS, pricedPlans, type Plan } from "@shared/plans";
import { useBillingSettings } from "./api";

export interface PlanCatalogue {
  plans: Plan[];
  /** False: billing is off (or not known yet), so no price is shown as charged. */
  billingEnabled: boolean;
  publishableKey: string | null;
  isLoading: boolean;
}

/** The plans with the prices this portal charges (SPEC 9; the operator sets them with the Stripe prices). */
export function usePlans(): PlanCatalogue {
  const { data, isLoading } = useBillingSettings();
  if (!data?.billingEnabled || !data.prices) return { plans: [...PLANS], billingEnabled: false, publishableKey: null, isLoading };
  return { plans: pricedPlans(data.prices), billingEnabled: true, publishableKey: data.publishableKey, isLoading };
}
