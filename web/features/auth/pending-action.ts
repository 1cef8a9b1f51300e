// A dashboard action chosen on the landing page before signing in (SPEC:
// landing "Hero buttons"). Kept in sessionStorage so it survives the sign-in
// round trip but not the browser tab.
import { sessionSlot } from "../../lib/session-slot";
import { hasPendingSubscription } from "../subscription/pending-subscription";

export type PendingAction = "request-document" | "share-document";

export function isPendingAction(value: unknown): value is PendingAction {
  return value === "request-document" || value === "share-document";
}

const pendingAction = sessionSlot("broker-portal.pending-action", isPendingAction);

/** Storage can be disabled (private mode); the user then just lands on the dashboard. */
export const storePendingAction = (action: PendingAction): void => pendingAction.store(action);

/** Reads and forgets the stored action, so it runs once. */
export const takePendingAction = (): PendingAction | null => pendingAction.take();

/** Where to go after signing in: the dashboard, opening a stored action if there is one. */
export function pathAfterSignIn(): string {
  // A plan chosen before signing in is offered again on the plan section (billing).
  if (hasPendingSubscription()) return "/#subscription_plan";
  const action = takePendingAction();
  return action ? `/dashboard?action=${action}` : "/dashboard";
}
