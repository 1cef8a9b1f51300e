// The delivery job (src/jobs.ts): one attempt of one delivery, claimed from the jobs table by one
// instance, sent with deliverOnce (never on a request's path), its result written to the delivery
// log. A failure is tried again on the retry schedule or given up after 3 days; an endpoint that
// keeps failing is switched off and its workspace's owners are told (a notification and an email);
// its owner's test event, answered, switches it on again.
import { eq } from "drizzle-orm";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import type { Job } from "../../lib/jobs.ts";
import { inTransaction, type Unit } from "../../lib/unit-of-work.ts";
import { WEBHOOK_TEST_EVENT, webhookMessages } from "../../shared/webhooks.ts";
import { brokersById } from "../auth/brokers.ts";
import { queueEmail } from "../mail/service.ts";
import { webhookDisabledEmail } from "../mail/broker-emails.ts";
import { ownersOf } from "../workspaces/members.ts";
import { deliverOnce, type DeliveryResult } from "./deliver.ts";
import { nextAttemptAt, shouldDisableEndpoint } from "./retry-schedule.ts";
import { signingSecrets } from "./signature.ts";
import { scheduleAttempt } from "./outbox.ts";

type Endpoint = typeof webhookEndpoints.$inferSelect;

async function load(ctx: AppContext, deliveryId: string) {
  const row = (
    await ctx.db
      .select({ delivery: webhookDeliveries, event: webhookEvents, endpoint: webhookEndpoints })
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.id, deliveryId))
  )[0];
  return row ?? null;
}

export async function sendWebhookDelivery(ctx: AppContext, job: Job): Promise<void> {
  const found = await load(ctx, String(job.payload.deliveryId));
  // Deleted with its endpoint, or already settled (a job run twice after a crash): nothing to do.
  if (!found || found.delivery.status === "succeeded" || found.delivery.status === "given_up") return;
  const { delivery, event, endpoint } = found;
  // A switched-off endpoint hears nothing but its owner's test event: how they check their fix.
  const isTest = event.type === WEBHOOK_TEST_EVENT;
  if (!endpoint.enabled && !isTest) {
    await inTransaction(ctx, ({ tx }) =>
      tx.update(webhookDeliveries).set({ status: "given_up", nextAttemptAt: null, lastError: endpoint.disabledReason ?? "The endpoint is switched off" }).where(eq(webhookDeliveries.id, delivery.id)),
    );
    return;
  }
  const now = ctx.clock.now();
  const result = await deliverOnce({
    url: endpoint.url,
    event: { id: event.id, type: event.type, createdAt: event.createdAt.toISOString(), data: event.payload },
    secrets: signingSecrets({ secret: endpoint.secret, previous: endpoint.previousSecret && endpoint.secretRotatedAt ? { secret: endpoint.previousSecret, rotatedAt: endpoint.secretRotatedAt } : null }, now),
    allowPrivate: ctx.config.webhooksAllowPrivate,
    now,
  });
  await inTransaction(ctx, (unit) => record(ctx, unit, { delivery, endpointId: endpoint.id, result, isTest }));
}

async function record(ctx: AppContext, unit: Unit, input: { delivery: typeof webhookDeliveries.$inferSelect; endpointId: string; result: DeliveryResult; isTest: boolean }) {
  const { tx, now } = unit;
  const { delivery, result } = input;
  const attempts = delivery.attempts + 1;
  const firstAttemptAt = delivery.firstAttemptAt ?? now;
  const logged = { attempts, firstAttemptAt, lastAttemptAt: now, lastStatus: result.status, lastError: result.error, responseSnippet: result.responseSnippet, durationMs: result.durationMs };
  // Read again inside the transaction: another delivery's result may have changed its counters.
  const endpoint = (await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, input.endpointId)))[0];
  if (result.ok) {
    await tx.update(webhookDeliveries).set({ ...logged, status: "succeeded", nextAttemptAt: null }).where(eq(webhookDeliveries.id, delivery.id));
    // A switched-off endpoint that answers its test event is on again: the receiver is fixed.
    const switchOn = endpoint && !endpoint.enabled && input.isTest ? { enabled: true, disabledReason: null } : {};
    if (endpoint?.consecutiveFailures || "enabled" in switchOn) {
      await tx.update(webhookEndpoints).set({ consecutiveFailures: 0, failingSince: null, ...switchOn }).where(eq(webhookEndpoints.id, endpoint!.id));
    }
    return;
  }
  if (endpoint && !endpoint.enabled) {
    // Its test failed: logged, not tried again, and it stays off.
    await tx.update(webhookDeliveries).set({ ...logged, status: "given_up", nextAttemptAt: null }).where(eq(webhookDeliveries.id, delivery.id));
    return;
  }
  const next = nextAttemptAt({ attempts, firstAttemptAt, now, random: Math.random() });
  await tx
    .update(webhookDeliveries)
    .set({ ...logged, status: next ? "failed" : "given_up", nextAttemptAt: next })
    .where(eq(webhookDeliveries.id, delivery.id));
  if (next) await scheduleAttempt(tx, { deliveryId: delivery.id, attempt: attempts + 1, at: next });
  if (!endpoint) return;
  const failures = endpoint.consecutiveFailures + 1;
  const failingSince = endpoint.failingSince ?? now;
  const disable = endpoint.enabled && shouldDisableEndpoint({ consecutiveFailures: failures, failingSince, now });
  await tx
    .update(webhookEndpoints)
    .set({ consecutiveFailures: failures, failingSince, ...(disable ? { enabled: false, disabledReason: webhookMessages.disabledAfterFailures } : {}) })
    .where(eq(webhookEndpoints.id, endpoint.id));
  if (disable) await tellOwners(ctx, unit, { ...endpoint, consecutiveFailures: failures }, result.error);
}

/** The workspace's owners hear that an endpoint was switched off: in the bell, and by email. */
async function tellOwners(ctx: AppContext, unit: Unit, endpoint: Endpoint, lastError: string | null) {
  const owners = await brokersById(ctx, await ownersOf(ctx, endpoint.workspaceId));
  const content = webhookDisabledEmail({ url: endpoint.url, failures: endpoint.consecutiveFailures, lastError, integrationsUrl: `${ctx.config.publicUrl}/integrations` });
  unit.publish({
    type: "webhook_endpoint_disabled",
    workspaceId: endpoint.workspaceId,
    facts: {
      notify: [...owners.values()].map((owner) => ({
        to: "member" as const,
        memberId: owner.id,
        type: "webhook_disabled" as const,
        title: "Webhook endpoint switched off",
        message: `Events are no longer sent to ${endpoint.url}: its deliveries kept failing.`,
        metadata: { endpointId: endpoint.id },
      })),
    },
  });
  for (const owner of owners.values()) {
    await queueEmail(ctx, unit.tx, { kind: "webhook_disabled", to: owner.email, dedupeKey: `webhook-disabled:${endpoint.id}:${owner.id}:${unit.now.getTime()}`, ...content });
  }
}
