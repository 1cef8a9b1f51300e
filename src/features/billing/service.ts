// Which plan a broker is on, and what that allows. Stripe payments come later; the rules here
// already hold: with billing off (no STRIPE_SECRET_KEY) a broker without a subscription row is
// unlimited, a row (set by billing, or by tests) decides the plan, and a canceled plan stays
// effective until its period ends, then falls back to free.
import { eq, sql } from "drizzle-orm";
import { subscriptions } from "../../../db/schema.ts";
import type { AppContext } from "../../context.ts";
import { prepared } from "../../lib/prepared.ts";
import type { SubscriptionDto } from "./model.ts";
import { canAddCustomer, maxDocumentsPerCustomer } from "../../shared/limits.ts";
import { getPlan, UNLIMITED, type PlanId } from "../../shared/plans.ts";
import { countCustomers } from "../customers/contact.ts";
import { countRequestedDocuments } from "../documents/service.ts";

const subscriptionQuery = prepared((db) => db.select().from(subscriptions).where(eq(subscriptions.brokerId, sql.placeholder("brokerId"))).prepare());
const subscriptionOf = (ctx: AppContext, brokerId: string) => subscriptionQuery(ctx.db).get({ brokerId });

export function effectivePlan(ctx: AppContext, brokerId: string): PlanId {
  const row = subscriptionOf(ctx, brokerId);
  if (!row) return ctx.config.billing ? "free" : "unlimited";
  if (row.status === "active") return row.plan;
  const stillPaid = row.status === "canceled" && row.currentPeriodEnd && row.currentPeriodEnd > ctx.clock.now();
  return stillPaid ? row.plan : "free";
}

/** Sets a broker's plan directly (billing and tests). */
export function setPlan(ctx: AppContext, brokerId: string, plan: PlanId, status: "active" | "canceled" = "active", currentPeriodEnd: Date | null = null) {
  const values = { brokerId, plan, status, currentPeriodEnd, updatedAt: ctx.clock.now() };
  ctx.db.insert(subscriptions).values(values).onConflictDoUpdate({ target: subscriptions.brokerId, set: values }).run();
}

export function subscriptionSummary(ctx: AppContext, brokerId: string): SubscriptionDto {
  const plan = effectivePlan(ctx, brokerId);
  const row = subscriptionOf(ctx, brokerId);
  const customersUsed = countCustomers(ctx, brokerId);
  const documentsUsed = countRequestedDocuments(ctx, { brokerId });
  const { customersLimit } = getPlan(plan);
  return {
    subscription: {
      plan,
      status: row && row.plan === plan ? row.status : "active",
      currentPeriodEnd: row?.currentPeriodEnd?.toISOString() ?? null,
    },
    limits: {
      customersUsed,
      customersLimit,
      documentsUsed,
      // The documents limit is per customer: how many requested documents one customer may have.
      documentsLimit: maxDocumentsPerCustomer(plan) ?? UNLIMITED,
    },
    canCreateCustomer: canAddCustomer(plan, customersUsed),
    // Documents are capped per customer (see document-limit), not per broker.
    canCreateDocument: true,
    billingEnabled: ctx.config.billing !== null,
  };
}
