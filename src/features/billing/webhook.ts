// POST /api/stripe/webhook: Stripe tells us what happened to payments and subscriptions. The
// signature is checked on the raw body (with the app's clock, so a replayed old delivery is
// refused), each event id is handled once (stripe_events, written in the same transaction as
// the change it causes), and a subscription is matched only through ids we stored ourselves.
import { eq, or } from "drizzle-orm";
import type Stripe from "stripe";
import { stripeEvents, subscriptions } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { badRequest } from "../../lib/errors.ts";
import { inTransaction, type Unit } from "../../lib/unit-of-work.ts";
import { isPaidPlan } from "../../shared/plans.ts";
import { adoptSubscription, cancelQuietly, periodEndOf, promotePending } from "./payments.ts";
import { subscriptionRow, writeSubscription, type SubscriptionRow } from "./service.ts";
import { planForPrice, requireBilling, stripeFor } from "./stripe-client.ts";

/** Seconds a signed delivery stays acceptable (Stripe's own default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const webhookMessages = {
  malformed: "The webhook event is malformed: it needs a string id, a string type and a data.object.",
  future: "The webhook's timestamp is in the future.",
} as const;

/** The signed timestamp (`t=`) of a Stripe-Signature header, in seconds; null when absent. */
function signedAt(signature: string): number | null {
  const t = signature.split(",").find((part) => part.trim().startsWith("t="));
  const seconds = t ? Number(t.trim().slice(2)) : NaN;
  return Number.isFinite(seconds) ? seconds : null;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function isWellFormed(event: unknown): event is Stripe.Event {
  if (!isObject(event)) return false;
  const { id, type, data } = event;
  return typeof id === "string" && id.length > 0 && id.length <= 255 && typeof type === "string" && type.length > 0 && isObject(data) && isObject(data.object);
}

export async function receiveWebhook(ctx: AppContext, rawBody: string, signature: string | null) {
  const billing = requireBilling(ctx);
  if (!signature) throw badRequest("The Stripe-Signature header is missing.");
  // The SDK refuses a delivery signed too long ago but not one signed in the future, which would
  // stay replayable until that time: a few minutes of clock skew only, as for the past.
  const at = signedAt(signature);
  if (at !== null && at > ctx.clock.now().getTime() / 1000 + WEBHOOK_TOLERANCE_SECONDS) {
    ctx.log.warn("A Stripe webhook signed in the future was refused", { signedAt: at });
    throw badRequest(webhookMessages.future);
  }
  let event: Stripe.Event;
  try {
    event = await (await stripeFor(ctx)).webhooks.constructEventAsync(
      rawBody,
      signature,
      billing.webhookSecret,
      WEBHOOK_TOLERANCE_SECONDS,
      undefined,
      ctx.clock.now().getTime(),
    );
  } catch (error) {
    ctx.log.warn("A Stripe webhook was refused", { error: (error as Error).message?.split("\n")[0] });
    throw badRequest("The webhook signature is not valid or its timestamp is too old.");
  }
  // Signed is not the same as well-formed (a test delivery, a Stripe bug, a leaked secret).
  if (!isWellFormed(event)) {
    ctx.log.warn("A signed Stripe webhook without an id, a type or data.object was refused");
    throw badRequest(webhookMessages.malformed);
  }

  const toCancel: string[] = [];
  const fresh = await inTransaction(ctx, async (unit) => {
      const inserted = (await unit.tx
        .insert(stripeEvents)
        .values({ id: event.id, type: event.type, receivedAt: unit.now })
        .onConflictDoNothing()
        .returning({ id: stripeEvents.id }))[0];
      if (!inserted) return false;
      const replaced = await applyEvent(ctx, unit, billing, event);
      if (replaced) toCancel.push(replaced);
      return true;
    });
  for (const id of toCancel) await cancelQuietly(ctx, id);
  return fresh ? { received: true } : { received: true, duplicate: true };
}

/** The broker row that holds this Stripe subscription, as current or pending. */
async function rowFor(unit: Unit, subscriptionId: string | null): Promise<SubscriptionRow | undefined> {
  if (!subscriptionId) return undefined;
  return (await unit.tx
      .select()
      .from(subscriptions)
      .where(or(eq(subscriptions.stripeSubscriptionId, subscriptionId), eq(subscriptions.pendingSubscriptionId, subscriptionId))))[0];
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

function invoiceSubscription(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription as string | { id: string } | null | undefined);
}

/** The latest period end an invoice's lines pay for. */
function invoicePeriodEnd(invoice: Stripe.Invoice): Date | null {
  const ends = invoice.lines?.data?.map((line) => line.period?.end).filter((n): n is number => typeof n === "number") ?? [];
  return ends.length ? new Date(Math.max(...ends) * 1000) : null;
}

type Billing = NonNullable<AppContext["config"]["billing"]>;

/**
 * A paid invoice of a subscription no row holds. Made by this portal (its metadata names the
 * broker) and the first invoice of that broker's own Stripe customer: the broker paid for it
 * (say, while a second create replaced the pending slot), so it becomes the plan. Made by this
 * portal but anything else (a renewal of a plan the portal replaced and failed to cancel): it is
 * canceled at Stripe and logged, so it stops billing. Without our metadata it is not ours.
 */
async function paidUnknownSubscription(ctx: AppContext, unit: Unit, invoice: Stripe.Invoice, subscriptionId: string): Promise<string | null> {
  const metadata = invoice.parent?.subscription_details?.metadata ?? {};
  const brokerId = typeof metadata.brokerId === "string" ? metadata.brokerId : "";
  if (!brokerId) return null;
  const row = await subscriptionRow(unit.tx, brokerId);
  const plan = metadata.plan;
  const adoptable =
    row?.stripeCustomerId && row.stripeCustomerId === idOf(invoice.customer as string | { id: string } | null) && invoice.billing_reason === "subscription_create" && isPaidPlan(plan);
  if (adoptable) {
    ctx.log.warn("A paid Stripe subscription the portal was not waiting for became the broker's plan", { subscription: subscriptionId, brokerId });
    return adoptSubscription(unit, brokerId, { subscriptionId, plan, periodEnd: invoicePeriodEnd(invoice) });
  }
  ctx.log.error("A Stripe subscription of this portal that no broker holds was paid; it is being canceled", {
    subscription: subscriptionId,
    brokerId,
    reason: invoice.billing_reason ?? null,
  });
  return subscriptionId;
}

/** Applies one event; returns a Stripe subscription that must now be canceled (a replaced plan). */
async function applyEvent(ctx: AppContext, unit: Unit, billing: Billing, event: Stripe.Event): Promise<string | null> {
  switch (event.type) {
    case "invoice.paid":
    case "invoice.payment_succeeded": {
      const invoice = event.data.object;
      const subscriptionId = invoiceSubscription(invoice);
      if (!subscriptionId) return null;
      const row = await rowFor(unit, subscriptionId);
      if (!row) return paidUnknownSubscription(ctx, unit, invoice, subscriptionId);
      if (row.pendingSubscriptionId === subscriptionId) {
        // The first payment, when the browser never called activate.
        return promotePending(unit, row.workspaceId, subscriptionId, invoicePeriodEnd(invoice));
      }
      // A renewal: the plan runs another period (and an unpaid one is paid now).
      const periodEnd = invoicePeriodEnd(invoice);
      const later = periodEnd && (!row.currentPeriodEnd || periodEnd > row.currentPeriodEnd) ? periodEnd : row.currentPeriodEnd;
      await writeSubscription(unit.tx, row.workspaceId, unit.now, { status: row.status === "canceled" ? "canceled" : "active", currentPeriodEnd: later });
      unit.publish({ type: "customer_list_refresh", workspaceId: row.workspaceId });
      return null;
    }
    case "invoice.payment_failed": {
      const subscriptionId = invoiceSubscription(event.data.object);
      const row = await rowFor(unit, subscriptionId);
      // A failed first payment changes nothing (the browser shows Payment Failed); a failed
      // renewal leaves the plan unpaid: Free until Stripe's retry or a new card succeeds.
      if (!row || row.stripeSubscriptionId !== subscriptionId || row.status === "canceled") return null;
      await writeSubscription(unit.tx, row.workspaceId, unit.now, { status: "incomplete" });
      unit.publish({ type: "customer_list_refresh", workspaceId: row.workspaceId });
      return null;
    }
    case "customer.subscription.updated": {
      const subscription = event.data.object;
      const row = await rowFor(unit, subscription.id);
      if (!row) return null;
      if (row.pendingSubscriptionId === subscription.id) {
        if (subscription.status === "active") return promotePending(unit, row.workspaceId, subscription.id, periodEndOf(subscription));
        if (subscription.status === "incomplete_expired" || subscription.status === "canceled") await clearPending(unit, row);
        return null;
      }
      if (["canceled", "unpaid", "incomplete_expired"].includes(subscription.status)) {
        await dropToFree(unit, row);
        return null;
      }
      const plan = planForPrice(billing, subscription.items?.data?.[0]?.price?.id);
      const canceling = subscription.cancel_at_period_end || subscription.cancel_at !== null;
      await writeSubscription(unit.tx, row.workspaceId, unit.now, {
        ...(plan ? { plan } : {}),
        // past_due: Stripe is still retrying; the invoice events decide until it gives up.
        ...(subscription.status === "past_due" ? {} : { status: canceling ? "canceled" : "active" }),
        currentPeriodEnd: periodEndOf(subscription) ?? row.currentPeriodEnd,
      });
      unit.publish({ type: "customer_list_refresh", workspaceId: row.workspaceId });
      return null;
    }
    case "customer.subscription.deleted": {
      const subscription = event.data.object;
      const row = await rowFor(unit, subscription.id);
      if (!row) return null;
      if (row.pendingSubscriptionId === subscription.id) await clearPending(unit, row);
      else await dropToFree(unit, row);
      return null;
    }
    default:
      return null; // recorded as seen; nothing of ours changes
  }
}

async function clearPending(unit: Unit, row: SubscriptionRow) {
  await writeSubscription(unit.tx, row.workspaceId, unit.now, { pendingPlan: null, pendingSubscriptionId: null, pendingPaymentIntentId: null });
}

/** The paid plan is over: Free, keeping the Stripe customer for a later purchase. */
export async function dropToFree(unit: Unit, row: Pick<SubscriptionRow, "workspaceId">) {
  await writeSubscription(unit.tx, row.workspaceId, unit.now, { plan: "free", status: "active", currentPeriodEnd: null, stripeSubscriptionId: null });
  unit.publish({ type: "customer_list_refresh", workspaceId: row.workspaceId });
}
