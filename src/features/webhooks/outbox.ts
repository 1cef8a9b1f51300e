// The durable outbox (issue 43): a unit subscriber (src/side-effects.ts) that writes, in the
// transaction publishing a domain event, the webhook event and one pending delivery (and its job)
// per enabled endpoint of the workspace subscribed to its type. So an event is never lost, never
// sent for a change that rolled back, and nothing is sent on the request's path: the delivery
// job (delivery-job.ts) does that.
import { and, eq } from "drizzle-orm";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { instanceState } from "../../lib/instance-state.ts";
import { enqueueJob, type Writer } from "../../lib/jobs.ts";
import { newId } from "../../lib/tokens.ts";
import type { Unit, UnitSubscriber } from "../../lib/unit.ts";
import { webhookPayloads, webhookTypeOf } from "./payloads.ts";

export const WEBHOOK_DELIVERY_JOB = "webhook_delivery";

/** Event ids say what they are in a receiver's logs. */
const eventId = () => `evt_${newId()}`;

/** Stores one event as it will be sent; returns its id. */
export async function insertWebhookEvent(tx: Writer, input: { workspaceId: string; type: string; data: Record<string, unknown>; at: Date }): Promise<string> {
  const id = eventId();
  await tx.insert(webhookEvents).values({ id, workspaceId: input.workspaceId, type: input.type, payload: input.data, createdAt: input.at });
  return id;
}

/** A pending delivery of a stored event to each endpoint (one insert), and the jobs that send them at `at`. */
export async function queueDeliveries(tx: Writer, input: { eventId: string; endpointIds: string[]; at: Date }): Promise<string[]> {
  const rows = input.endpointIds.map((endpointId) => ({ id: newId(), eventId: input.eventId, endpointId, status: "pending" as const, nextAttemptAt: input.at, createdAt: input.at }));
  if (rows.length) await tx.insert(webhookDeliveries).values(rows);
  for (const row of rows) await scheduleAttempt(tx, { deliveryId: row.id, attempt: 1, at: input.at });
  return rows.map((row) => row.id);
}

/** The same for one endpoint (the test event, Resend). */
export const queueDelivery = async (tx: Writer, input: { eventId: string; endpointId: string; at: Date }): Promise<string> =>
  (await queueDeliveries(tx, { eventId: input.eventId, endpointIds: [input.endpointId], at: input.at }))[0]!;

/** The job of one attempt: the jobs table's claim hands it to one instance. */
export function scheduleAttempt(tx: Writer, input: { deliveryId: string; attempt: number; at: Date }) {
  return enqueueJob(tx, { now: () => input.at }, {
    kind: WEBHOOK_DELIVERY_JOB,
    payload: { deliveryId: input.deliveryId },
    runAt: input.at,
    dedupeKey: `webhook:${input.deliveryId}:${input.attempt}`,
    // A failed attempt is the delivery's own retry (retry-schedule.ts); the job's retries are for
    // recording its result when the database refused.
    maxAttempts: 5,
  });
}

type EnabledEndpoints = Promise<{ id: string; events: string[] }[]>;

/**
 * A workspace's enabled endpoints, read once per unit: a unit publishing many events (a checklist
 * of twenty documents, a bulk change) asks once, and a workspace with no endpoint (most) costs one
 * indexed read per change, not one per event. No unit that changes endpoints publishes an event
 * they are sent, so what the unit read first stays true to its end.
 */
const endpointsByUnit = instanceState(
  "webhook endpoints read per unit",
  "per process",
  "what one open transaction read of its workspaces' endpoints, gone with it",
  new WeakMap<Unit, Map<string, EnabledEndpoints>>(),
);

/** The enabled endpoints of a workspace subscribed to `type` (a workspace has at most 20). */
async function subscribers(unit: Unit, workspaceId: string, type: string): Promise<string[]> {
  let ofUnit = endpointsByUnit.get(unit);
  if (!ofUnit) endpointsByUnit.set(unit, (ofUnit = new Map()));
  let enabled = ofUnit.get(workspaceId);
  if (!enabled) {
    // A promise run once (a Drizzle query runs again each time it is awaited), shared by the unit's events.
    const query = unit.tx
      .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.workspaceId, workspaceId), eq(webhookEndpoints.enabled, true)));
    enabled = (async () => await query)();
    ofUnit.set(workspaceId, enabled);
  }
  return (await enabled).filter((row) => row.events.includes(type)).map((row) => row.id);
}

/** The outbox's unit subscriber: see the top of this file. */
export const webhookOutbox = (ctx: AppContext): UnitSubscriber => async (unit: Unit, event) => {
  // The unit's event, unit-only ones too (share_sent, document_expiring, signature_completed are
  // published for this subscriber alone): nothing webhook-only crosses NOTIFY or reaches a socket.
  // Of its facts the payloads read only a deleted customer's contact (payloads.ts), never the
  // audit trail's or the notifications'.
  const type = webhookTypeOf(event);
  if (!type || !("workspaceId" in event)) return;
  const endpoints = await subscribers(unit, event.workspaceId, type);
  if (endpoints.length === 0) return; // the common case: nothing is read or written
  for (const payload of await webhookPayloads(ctx, unit.tx, event, type)) {
    const id = await insertWebhookEvent(unit.tx, { workspaceId: event.workspaceId, type: payload.type, data: payload.data, at: unit.now });
    await queueDeliveries(unit.tx, { eventId: id, endpointIds: endpoints, at: unit.now });
  }
};
