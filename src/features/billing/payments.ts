// Buying, switching and canceling a plan. The browser only ever holds a client secret: a plan
// changes when Stripe says the payment of this broker's own pending subscription succeeded
// (activate, or the webhook if the browser never comes back), never on the client's word.
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { subscriptions } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { AppError, badRequest, notFound } from "../../lib/errors.ts";
import { newId } from "../../lib/tokens.ts";
import { inTransaction, type Unit } from "../../lib/unit-of-work.ts";
import { getPlan, isPaidPlan, PAID_PLANS, type PaidPlanId } from "../../shared/plans.ts";
import type { PublicUser } from "../auth/model.ts";
import { callStripe, requireBilling } from "./stripe-client.ts";
import { throttlePaymentCall } from "./throttle.ts";
import { effectivePlan, subscriptionRow, subscriptionSummary, writeSubscription, type SubscriptionRow } from "./service.ts";

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

/** When the subscription's current period ends (Stripe keeps it on the items since 2025). */
export function periodEndOf(subscription: Stripe.Subscription): Date | null {
  const ends = subscription.items?.data?.map((item) => item.current_period_end).filter((n) => typeof n === "number") ?? [];
  return ends.length ? new Date(Math.min(...ends) * 1000) : null;
}

/** "December 23, 2026" */
export const formatDay = (date: Date) => date.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** A claim older than this belongs to a request that died mid-way (Stripe calls time out after 20 s). */
const CLAIM_STALE_MS = 5 * 60 * 1000;
const CLAIM_PREFIX = "claim:";
const isClaim = (id: string | null | undefined): id is string => Boolean(id?.startsWith(CLAIM_PREFIX));
const claimIsLive = (id: string, now: Date) => now.getTime() - Number(id.split(":")[1]) < CLAIM_STALE_MS;

export const paymentMessages = {
  inProgress: "A payment for your plan is already being prepared. Please wait a moment and try again.",
  earlierPaid: (name: string) => `Your earlier payment went through: you are now on the ${name} plan.`,
} as const;

type Earlier = { subscriptionId: string; plan: PaidPlanId; paymentIntentId: string | null };

/**
 * Takes the broker's one pending slot before anything is asked of Stripe, so two create calls at
 * once cannot each make a subscription of which only one is remembered. The slot holds a marker
 * (never a Stripe id, so no webhook or activate can match it) until the new subscription is stored.
 */
async function claimPendingSlot(ctx: AppContext, brokerId: string): Promise<{ claim: string; earlier: Earlier | null; createdRow: boolean }> {
  return inTransaction(ctx, async ({ tx, now }) => {
    const row = await subscriptionRow(tx, brokerId);
    const pending = row?.pendingSubscriptionId;
    if (isClaim(pending) && claimIsLive(pending, now)) throw new AppError("conflict", paymentMessages.inProgress);
    const earlier =
      pending && !isClaim(pending) && row?.pendingPlan ? { subscriptionId: pending, plan: row.pendingPlan, paymentIntentId: row.pendingPaymentIntentId } : null;
    const claim = `${CLAIM_PREFIX}${now.getTime()}:${newId()}`;
    await writeSubscription(tx, brokerId, now, { pendingSubscriptionId: claim, pendingPlan: null, pendingPaymentIntentId: null });
    return { claim, earlier, createdRow: !row };
  });
}

/**
 * Gives the slot back (the earlier attempt, when it is still there to wait for), if this claim
 * still holds it. A row made only for the claim goes again, so a failed attempt leaves nothing.
 */
async function releaseClaim(ctx: AppContext, brokerId: string, claim: string, earlier: Earlier | null, createdRow: boolean) {
  await inTransaction(ctx, async ({ tx, now }) => {
    const row = await subscriptionRow(tx, brokerId);
    if (row?.pendingSubscriptionId !== claim) return;
    if (createdRow && !row.stripeCustomerId && !row.stripeSubscriptionId) {
      await tx.delete(subscriptions).where(eq(subscriptions.workspaceId, brokerId));
      return;
    }
    await writeSubscription(tx, brokerId, now, {
      pendingSubscriptionId: earlier?.subscriptionId ?? null,
      pendingPlan: earlier?.plan ?? null,
      pendingPaymentIntentId: earlier?.paymentIntentId ?? null,
    });
  });
}

/**
 * Step 1 of the payment flow: an incomplete Stripe subscription for `plan` whose first invoice
 * the browser pays with the client secret. A broker on another paid plan is switching (after the
 * confirm-change dialog): the current plan stays until the new one is paid for.
 */
export async function createSubscription(ctx: AppContext, { broker, workspaceId, plan }: { broker: PublicUser; workspaceId: string; plan: string }) {
  const billing = requireBilling(ctx);
  if (!isPaidPlan(plan)) {
    throw badRequest(
      plan === "free"
        ? "The Free plan cannot be bought: a paid plan moves to Free when it is canceled and its period ends."
        : `Unknown plan "${plan.slice(0, 40)}". Choose one of ${PAID_PLANS.join(", ")}.`,
    );
  }
  if (await effectivePlan(ctx, workspaceId) === plan) throw new AppError("conflict", `You are already on the ${getPlan(plan).name} plan.`);
  await throttlePaymentCall(ctx, "create", workspaceId);

  const { claim, earlier, createdRow } = await claimPendingSlot(ctx, workspaceId);
  let earlierSettled = false;
  try {
    const row = await subscriptionRow(ctx.db, workspaceId);
    const customerId =
      row?.stripeCustomerId ??
      (await callStripe(ctx, "create customer", (stripe) =>
        stripe.customers.create(
          { email: broker.email, name: [broker.firstName, broker.lastName].filter(Boolean).join(" ") || undefined, metadata: { brokerId: workspaceId } },
          // A retry after a failure still makes one Stripe customer per broker.
          { idempotencyKey: `portal-customer-${workspaceId}` },
        ),
      )).id;
    if (!row?.stripeCustomerId) await inTransaction(ctx, async ({ tx, now }) => writeSubscription(tx, workspaceId, now, { stripeCustomerId: customerId }));

    if (earlier) {
      // An earlier attempt: if its payment went through (3-D Secure finished, the browser never
      // came back), it becomes the plan; otherwise it is dropped so it can never be charged later.
      const adopted = await settleEarlier(ctx, workspaceId, customerId, claim, earlier);
      earlierSettled = true;
      if (adopted) throw new AppError("conflict", paymentMessages.earlierPaid(getPlan(earlier.plan).name));
    }

    const subscription = await callStripe(ctx, "create subscription", (stripe) =>
      stripe.subscriptions.create({
        customer: customerId,
        items: [{ price: billing.prices[plan] }],
        payment_behavior: "default_incomplete",
        payment_settings: { save_default_payment_method: "on_subscription" },
        expand: ["latest_invoice.confirmation_secret"],
        // brokerId lets the webhook tie a paid subscription the portal lost track of back to its broker.
        metadata: { brokerId: workspaceId, plan },
      }),
    );
    const invoice = subscription.latest_invoice as Stripe.Invoice | string | null;
    const clientSecret = typeof invoice === "object" ? invoice?.confirmation_secret?.client_secret : undefined;
    if (!clientSecret) {
      ctx.log.error("Stripe created a subscription without a payment to confirm", { subscription: subscription.id });
      await cancelQuietly(ctx, subscription.id);
      throw new AppError("unavailable", "No client secret received from server");
    }
    // A client secret is "<payment intent id>_secret_<…>": the payment this broker must complete.
    const paymentIntentId = clientSecret.split("_secret_")[0]!;
    const stored = await inTransaction(ctx, async ({ tx, now }) => {
      if ((await subscriptionRow(tx, workspaceId))?.pendingSubscriptionId !== claim) return false; // taken over as stale
      await writeSubscription(tx, workspaceId, now, { pendingPlan: plan, pendingSubscriptionId: subscription.id, pendingPaymentIntentId: paymentIntentId });
      return true;
    });
    if (!stored) {
      await cancelQuietly(ctx, subscription.id);
      throw new AppError("conflict", paymentMessages.inProgress);
    }
    return { clientSecret };
  } catch (error) {
    await releaseClaim(ctx, workspaceId, claim, earlierSettled ? null : earlier, createdRow);
    throw error;
  }
}

/** Whether Stripe counts a subscription as paid for. */
const isPaidFor = (subscription: Stripe.Subscription) => subscription.status === "active" || subscription.status === "trialing";

/**
 * The earlier pending subscription, asked of Stripe: paid → it becomes the plan (true); not paid →
 * canceled at Stripe (false). Stripe unreachable → the error, and the earlier attempt stays pending.
 */
async function settleEarlier(ctx: AppContext, brokerId: string, customerId: string, claim: string, earlier: Earlier): Promise<boolean> {
  const found = await callStripe(ctx, "retrieve earlier subscription", (stripe) => stripe.subscriptions.retrieve(earlier.subscriptionId));
  if (idOf(found.customer) === customerId && isPaidFor(found)) {
    const replaced = await inTransaction(ctx, async (unit) => {
      if ((await subscriptionRow(unit.tx, brokerId))?.pendingSubscriptionId !== claim) return null;
      return adoptSubscription(unit, brokerId, { subscriptionId: found.id, plan: earlier.plan, periodEnd: periodEndOf(found) });
    });
    if (replaced) await cancelQuietly(ctx, replaced);
    return true;
  }
  await cancelQuietly(ctx, earlier.subscriptionId);
  return false;
}

/**
 * Step 4: the browser says the payment went through. Stripe is asked, and the plan changes only
 * when the payment is this broker's pending one and it succeeded.
 */
export async function activateSubscription(ctx: AppContext, { workspaceId, paymentIntentId }: { workspaceId: string; paymentIntentId: string }) {
  requireBilling(ctx);
  await throttlePaymentCall(ctx, "activate", workspaceId);
  const row = await subscriptionRow(ctx.db, workspaceId);
  // Another broker's payment looks exactly like one that does not exist.
  if (!row?.pendingPaymentIntentId || row.pendingPaymentIntentId !== paymentIntentId || !row.pendingSubscriptionId || !row.pendingPlan) {
    throw notFound("No payment of yours is waiting with this id. Please choose your plan again.");
  }
  const payment = await callStripe(ctx, "retrieve payment intent", (stripe) => stripe.paymentIntents.retrieve(paymentIntentId));
  if (idOf(payment.customer) !== row.stripeCustomerId) throw notFound("No payment of yours is waiting with this id. Please choose your plan again.");
  if (payment.status !== "succeeded") {
    throw new AppError("conflict", `The payment has not gone through (Stripe reports it as ${payment.status.replaceAll("_", " ")}), so your plan is unchanged.`);
  }
  const pendingId = row.pendingSubscriptionId;
  const subscription = await callStripe(ctx, "retrieve subscription", (stripe) => stripe.subscriptions.retrieve(pendingId));
  if (idOf(subscription.customer) !== row.stripeCustomerId) throw notFound("No payment of yours is waiting with this id. Please choose your plan again.");
  const replaced = await inTransaction(ctx, async (unit) => promotePending(unit, workspaceId, pendingId, periodEndOf(subscription)));
  if (replaced) await cancelQuietly(ctx, replaced);
  return subscriptionSummary(ctx, workspaceId);
}

/**
 * Makes the pending subscription the broker's plan (if it is still the pending one: activate and
 * the webhook may both arrive). Returns the subscription it replaces, which the caller cancels at
 * Stripe once this has committed, so a broker switching plans never pays for two.
 */
export async function promotePending(unit: Unit, brokerId: string, subscriptionId: string, periodEnd: Date | null): Promise<string | null> {
  const row = await subscriptionRow(unit.tx, brokerId);
  if (!row || row.pendingSubscriptionId !== subscriptionId || !row.pendingPlan) return null;
  return adoptSubscription(unit, brokerId, { subscriptionId, plan: row.pendingPlan, periodEnd });
}

/**
 * Makes a paid Stripe subscription the broker's plan (and empties the pending slot if it held
 * that subscription; another attempt or a create in progress keeps its slot). Returns the
 * subscription it replaces (for the caller to cancel at Stripe after commit), or null.
 */
export async function adoptSubscription(unit: Unit, brokerId: string, paid: { subscriptionId: string; plan: PaidPlanId; periodEnd: Date | null }): Promise<string | null> {
  const row = await subscriptionRow(unit.tx, brokerId);
  const wasPending = row?.pendingSubscriptionId === paid.subscriptionId;
  await writeSubscription(unit.tx, brokerId, unit.now, {
    plan: paid.plan,
    status: "active",
    currentPeriodEnd: paid.periodEnd,
    stripeSubscriptionId: paid.subscriptionId,
    ...(wasPending ? { pendingPlan: null, pendingSubscriptionId: null, pendingPaymentIntentId: null } : {}),
  });
  unit.publish({ type: "customer_list_refresh", workspaceId: brokerId }); // the subscription's key is its workspace
  return row?.stripeSubscriptionId && row.stripeSubscriptionId !== paid.subscriptionId ? row.stripeSubscriptionId : null;
}

/** Cancels at the end of the paid period: the plan stays until then, then becomes Free. */
export async function cancelSubscription(ctx: AppContext, { workspaceId }: { workspaceId: string }) {
  requireBilling(ctx);
  const row = await subscriptionRow(ctx.db, workspaceId);
  const plan = await effectivePlan(ctx, workspaceId);
  if (!row?.stripeSubscriptionId || plan === "free") throw badRequest("You are on the Free plan: there is no subscription to cancel.");
  if (row.status === "canceled") {
    throw new AppError("conflict", `Your subscription is already canceled. It stays active until ${row.currentPeriodEnd ? formatDay(row.currentPeriodEnd) : "the end of the period"}.`);
  }
  const subscriptionId = row.stripeSubscriptionId;
  const updated = await callStripe(ctx, "cancel at period end", (stripe) => stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }));
  const periodEnd = periodEndOf(updated) ?? row.currentPeriodEnd;
  await inTransaction(ctx, async (unit) => {
    const current = await subscriptionRow(unit.tx, workspaceId);
    if (current?.stripeSubscriptionId !== subscriptionId) return; // replaced meanwhile
    await writeSubscription(unit.tx, workspaceId, unit.now, { status: "canceled", currentPeriodEnd: periodEnd });
    unit.publish({ type: "customer_list_refresh", workspaceId });
  });
  const name = getPlan(plan as PaidPlanId).name;
  return {
    message: `Your ${name} plan has been canceled. It stays active until ${periodEnd ? formatDay(periodEnd) : "the end of the current period"}, then your account moves to the Free plan.`,
  };
}

/** Ends a subscription at Stripe now; a failure is logged (the operator can end it by hand). */
export async function cancelQuietly(ctx: AppContext, subscriptionId: string) {
  try {
    await callStripe(ctx, "cancel replaced subscription", (stripe) => stripe.subscriptions.cancel(subscriptionId));
  } catch {
    ctx.log.error("A replaced Stripe subscription could not be canceled; cancel it in the Stripe dashboard", { subscription: subscriptionId });
  }
}

