// Which plan a broker is on, and what that allows. Billing off (no Stripe keys): every broker is
// on the unlimited plan, whatever a row says. Billing on: no row is the free plan; a row decides
// the plan; a canceled plan stays effective until its period ends (then expiry.ts moves it to
// free); an "incomplete" row (a renewal Stripe could not charge) is free until a payment succeeds.
import { write } from "../../lib/unit-of-work.ts";
import { eq } from "drizzle-orm";
import { subscriptions } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import type { Writer } from "../../lib/jobs.ts";
import type { BillingSettingsDto, SubscriptionDto } from "./model.ts";
import { canAddCustomer, maxDocumentsPerCustomer } from "../../shared/limits.ts";
import { getPlan, isUnlimited, UNLIMITED, type PlanId } from "../../shared/plans.ts";
import { countCustomers } from "../customers/lookups.ts";
import { countRequestedDocuments } from "../documents/service.ts";

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export async function subscriptionRow(db: Pick<Writer, "select">, brokerId: string): Promise<SubscriptionRow | undefined> {
  return (await db.select().from(subscriptions).where(eq(subscriptions.workspaceId, brokerId)))[0];
}

/** The plan a stored row gives at `now` (billing on). */
export function planOfRow(row: SubscriptionRow | undefined, now: Date): PlanId {
  if (!row) return "free";
  if (row.status === "active") return row.plan;
  const stillPaid = row.status === "canceled" && row.currentPeriodEnd && row.currentPeriodEnd > now;
  return stillPaid ? row.plan : "free";
}

export async function effectivePlan(ctx: AppContext, brokerId: string): Promise<PlanId> {
  if (!ctx.config.billing) return "unlimited";
  return planOfRow(await subscriptionRow(ctx.db, brokerId), ctx.clock.now());
}

type RowChange = Partial<Omit<SubscriptionRow, "workspaceId" | "updatedAt">>;

/** Writes a broker's row (created on the free plan when missing) with `change` applied. */
export async function writeSubscription(tx: Writer, brokerId: string, now: Date, change: RowChange) {
  const base = { workspaceId: brokerId, plan: "free" as const, status: "active" as const, updatedAt: now };
  await tx.insert(subscriptions)
    .values({ ...base, ...change })
    .onConflictDoUpdate({ target: subscriptions.workspaceId, set: { ...change, updatedAt: now } });
}

/** Sets a broker's plan directly (`portal` operators and tests; payments go through payments.ts). */
export async function setPlan(ctx: AppContext, brokerId: string, plan: PlanId, status: "active" | "canceled" = "active", currentPeriodEnd: Date | null = null) {
  await write(ctx, (tx) => writeSubscription(tx, brokerId, ctx.clock.now(), { plan, status, currentPeriodEnd }));
}

/**
 * The numbers the Profile compares. Customers: how many the broker has against the plan's
 * customer limit. Documents: every requested document (shared files are not requests) against
 * what the plan allows in all (customers × documents per customer), so both sides of
 * "Documents Generated" count the same thing. The per-customer cap the request screens enforce
 * is `documentsPerCustomer`.
 */
export async function subscriptionSummary(ctx: AppContext, brokerId: string): Promise<SubscriptionDto> {
  const plan = await effectivePlan(ctx, brokerId);
  const row = ctx.config.billing ? await subscriptionRow(ctx.db, brokerId) : undefined;
  const customersUsed = await countCustomers(ctx, brokerId);
  const documentsUsed = await countRequestedDocuments(ctx, { brokerId });
  const { customersLimit } = getPlan(plan);
  const perCustomer = maxDocumentsPerCustomer(plan);
  const documentsLimit = perCustomer === null || isUnlimited(customersLimit) ? UNLIMITED : customersLimit * perCustomer;
  // The row is shown when it is the plan in force, or an unpaid renewal (its plan, "incomplete",
  // with Free's limits until Stripe collects the payment).
  const shown = row && (row.plan === plan || row.status === "incomplete") ? row : undefined;
  return {
    subscription: {
      plan: shown?.plan ?? plan,
      status: shown?.status ?? "active",
      currentPeriodEnd: shown?.currentPeriodEnd?.toISOString() ?? null,
    },
    limits: { customersUsed, customersLimit, documentsUsed, documentsLimit, documentsPerCustomer: perCustomer ?? UNLIMITED },
    canCreateCustomer: canAddCustomer(plan, customersUsed),
    canCreateDocument: isUnlimited(documentsLimit) || documentsUsed < documentsLimit,
    billingEnabled: ctx.config.billing !== null,
  };
}

/** What the browser needs before anyone signs in: whether to load Stripe.js, and the prices. */
export function billingSettings(ctx: AppContext): BillingSettingsDto {
  const billing = ctx.config.billing;
  return billing
    ? { billingEnabled: true, publishableKey: billing.publishableKey, prices: billing.amounts }
    : { billingEnabled: false, publishableKey: null, prices: null };
}
