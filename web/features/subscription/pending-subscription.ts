// A plan chosen while signed out (SPEC 2 "Landing page"): kept in sessionStorage over the
// sign-in round trip, then offered again on the plan section.
import { isPaidPlan, type PaidPlanId } from "@shared/plans";
import { sessionSlot } from "../../lib/session-slot";

const pendingSubscription = sessionSlot("broker-portal.pending-subscription", isPaidPlan);

/** Storage can be disabled; the broker then picks the plan again after signing in. */
export const storePendingSubscription = (plan: PaidPlanId): void => pendingSubscription.store(plan);

export const hasPendingSubscription = (): boolean => pendingSubscription.has();

/** Reads and forgets the stored plan, so it is offered once. */
export const takePendingSubscription = (): PaidPlanId | null => pendingSubscription.take();
