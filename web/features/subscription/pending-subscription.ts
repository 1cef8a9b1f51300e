// A plan chosen while signed out (SPEC 2 "Landing page"): kept in sessionStorage over the
// sign-in round trip, then offered again on the plan section.
import { isPaidPlan, type PaidPlanId } from "@shared/plans";

const STORAGE_KEY = "broker-portal.pending-subscription";

export function storePendingSubscription(plan: PaidPlanId): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, plan);
  } catch {
    // Storage can be disabled; the broker picks the plan again after signing in.
  }
}

export function hasPendingSubscription(): boolean {
  try {
    return isPaidPlan(sessionStorage.getItem(STORAGE_KEY));
  } catch {
    return false;
  }
}

/** Reads and forgets the stored plan, so it is offered once. */
export function takePendingSubscription(): PaidPlanId | null {
  try {
    const value = sessionStorage.getItem(STORAGE_KEY);
    sessionStorage.removeItem(STORAGE_KEY);
    return isPaidPlan(value) ? value : null;
  } catch {
    return null;
  }
}
