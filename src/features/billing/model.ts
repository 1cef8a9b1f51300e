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
  limits: t.Object({
    customersUsed: t.Number(),
    customersLimit: t.Number(),
    /** Requested documents of all customers. */
    documentsUsed: t.Number(),
    /** Requested documents the plan allows in all (customers × per customer); -1 unlimited. */
    documentsLimit: t.Number(),
    /** Requested documents one customer may have; -1 unlimited. (Always sent; optional for older clients' fixtures.) */
    documentsPerCustomer: t.Optional(t.Number()),
  }),
  canCreateCustomer: t.Boolean(),
  canCreateDocument: t.Boolean(),
  /** False when the portal runs without Stripe keys: every broker is unlimited. */
  billingEnabled: t.Boolean(),
});
export type SubscriptionDto = typeof SubscriptionDto.static;

const Prices = t.Object({ basic: t.Number(), pro: t.Number(), unlimited: t.Number() });

export const BillingSettingsDto = t.Object({
  billingEnabled: t.Boolean(),
  /** Stripe's publishable key: the browser loads Stripe.js only when this is set. */
  publishableKey: t.Nullable(t.String()),
  /** Monthly dollars per paid plan, as charged; null when billing is off (nothing is charged). */
  prices: t.Nullable(Prices),
});
export type BillingSettingsDto = typeof BillingSettingsDto.static;

export const CreateSubscriptionBody = t.Object({ plan: t.String({ maxLength: 40, error: "plan must be one of basic, pro or unlimited" }) });
export const CreateSubscriptionDto = t.Object({ clientSecret: t.String() });
export const ActivateSubscriptionBody = t.Object({
  paymentIntentId: t.String({ minLength: 1, maxLength: 255, error: "paymentIntentId must be the id of the payment" }),
});
export const WebhookReceipt = t.Object({ received: t.Boolean(), duplicate: t.Optional(t.Boolean()) });
