import { t } from "elysia";
import { MaybeDate } from "../../lib/model.ts";
import { PLAN_LADDER, type PlanId } from "../../shared/plans.ts";

// The plan ids as a tuple for t.UnionEnum (plans.ts keeps a plain list: the browser loads it).
const planIds = PLAN_LADDER as readonly [PlanId, ...PlanId[]];

export const SubscriptionDto = t.Object({
  subscription: t.Object({
    plan: t.UnionEnum(planIds),
    status: t.UnionEnum(["active", "canceled", "incomplete"]),
    currentPeriodEnd: MaybeDate,
  }),
  limits: t.Object({ customersUsed: t.Number(), customersLimit: t.Number(), documentsUsed: t.Number(), documentsLimit: t.Number() }),
  canCreateCustomer: t.Boolean(),
  canCreateDocument: t.Boolean(),
  /** False when the portal runs without Stripe keys: every broker is unlimited. */
  billingEnabled: t.Boolean(),
});
export type SubscriptionDto = typeof SubscriptionDto.static;
