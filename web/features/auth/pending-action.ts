// A dashboard action chosen on the landing page before signing in (SPEC:
// landing "Hero buttons"). Kept in sessionStorage so it survives the sign-in
// round trip but not the browser tab.
import { hasPendingSubscription } from "../subscription/pending-subscription";

export type PendingAction = "request-document" | "share-document";

const STORAGE_KEY = "broker-portal.pending-action";

export function isPendingAction(value: unknown): value is PendingAction {
  return value === "request-document" || value === "share-document";
}

export function storePendingAction(action: PendingAction): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, action);
  } catch {
    // Storage can be disabled (private mode); the user just lands on the dashboard.
  }
}

/** Reads and forgets the stored action, so it runs once. */
export function takePendingAction(): PendingAction | null {
  try {
    const value = sessionStorage.getItem(STORAGE_KEY);
    sessionStorage.removeItem(STORAGE_KEY);
    return isPendingAction(value) ? value : null;
  } catch {
    return null;
  }
}

/** Where to go after signing in: the dashboard, opening a stored action if there is one. */
export function pathAfterSignIn(): string {
  // A plan chosen before signing in is offered again on the plan section (billing).
  if (hasPendingSubscription()) return "/#subscription_plan";
  const action = takePendingAction();
  return action ? `/dashboard?action=${action}` : "/dashboard";
}
