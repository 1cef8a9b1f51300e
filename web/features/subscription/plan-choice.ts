// What choosing a plan on the landing page does (SPEC 2 "Landing page"), as a pure rule.
import type { SubscriptionDto } from "@shared/api-types";
import type { PlanId } from "@shared/plans";

export type PlanChoice =
  | { kind: "unavailable" } // billing off
  | { kind: "sign-in" } // signed out: stored as the pending subscription
  | { kind: "current" } // disabled
  | { kind: "owner-only" } // a member whose role does not manage billing: disabled, saying whose it is
  | { kind: "free-info" } // Free is reached only by cancellation and expiry
  | { kind: "confirm-change" } // another paid plan is current: confirm before paying
  | { kind: "pay" };

/** SPEC 4: a plan is current-paid if active, or canceled with its end still ahead. */
export function isCurrentPaid(dto: SubscriptionDto | undefined, now: Date): boolean {
  if (!dto || dto.subscription.plan === "free") return false;
  const { status, currentPeriodEnd } = dto.subscription;
  if (status === "active") return true;
  return status === "canceled" && currentPeriodEnd !== null && new Date(currentPeriodEnd) > now;
}

export function planChoice(
  plan: PlanId,
  options: { billingEnabled: boolean; signedIn: boolean; managesBilling: boolean; subscription: SubscriptionDto | undefined; now: Date },
): PlanChoice {
  if (!options.billingEnabled) return { kind: "unavailable" };
  if (!options.signedIn) return plan === "free" ? { kind: "free-info" } : { kind: "sign-in" };
  // An unpaid renewal ("incomplete") is not in force: its plan may be bought again.
  const current = options.subscription?.subscription;
  if (current?.plan === plan && current.status !== "incomplete") return { kind: "current" };
  // Buying and cancelling are the workspace owner's (the server answers 403 to anyone else).
  if (!options.managesBilling) return { kind: "owner-only" };
  if (plan === "free") return { kind: "free-info" };
  return isCurrentPaid(options.subscription, options.now) ? { kind: "confirm-change" } : { kind: "pay" };
}
