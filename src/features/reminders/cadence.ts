// Reminder cadences: the broker sets one on a customer's open requests; the scheduler sends each
// step when src/shared/reminder-cadence.ts says it is due, through the outbox, once.
import { and, eq, inArray } from "drizzle-orm";
import { customers, documents, reminderCadences } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { badRequest, AppError } from "../../lib/errors.ts";
import { inTransaction } from "../../lib/unit-of-work.ts";
import { REMINDABLE } from "../../shared/documents.ts";
import { cadenceError, nextCadenceSend, type ReminderCadence } from "../../shared/reminder-cadence.ts";
import { displayName } from "../../shared/user-display.ts";
import { brokerById } from "../auth/brokers.ts";
import { findOwnedCustomer } from "../customers/service.ts";
import { aboutCustomer } from "../customers/lookups.ts";
import type { DocumentRow } from "../documents/service.ts";
import { groupByCustomer, queueReminderEmail } from "./email.ts";
import { SYSTEM_ACTOR } from "../audit/actor.ts";
import { pausedCustomers, reminderSettingsOf, timeZonesOf } from "./settings.ts";
import type { Scope } from "../../shared/workspaces.ts";

export interface CustomerReminders {
  paused: boolean;
  /** The cadence on the customer's open requests; null: the single reminder only. */
  cadence: ReminderCadence | null;
}

export async function customerReminders(ctx: AppContext, { member, customerId }: { member: Scope; customerId: string }): Promise<CustomerReminders> {
  await findOwnedCustomer(ctx, member, customerId);
  const brokerId = member.workspaceId;
  const row = (await ctx.db
      .select()
      .from(reminderCadences)
      .where(and(eq(reminderCadences.customerId, customerId), eq(reminderCadences.workspaceId, brokerId)))
      .orderBy(reminderCadences.createdAt))
    .at(-1);
  const cadence = row ? { almostDueDays: row.almostDueDays, everyDays: row.everyDays, maxCount: row.maxCount } : null;
  return { paused: (await pausedCustomers(ctx.db, [customerId])).has(customerId), cadence };
}

/**
 * Puts a cadence (or, with null, none) on every document the customer still owes: what the
 * invite and request dialogs send right after the request. A new cadence starts from step one.
 */
export async function setCustomerCadence(
  ctx: AppContext,
  { member, customerId, cadence }: { member: Scope; customerId: string; cadence: ReminderCadence | null },
): Promise<CustomerReminders> {
  const customer = await findOwnedCustomer(ctx, member, customerId);
  const brokerId = member.workspaceId;
  if (cadence) {
    const error = cadenceError(cadence);
    if (error) throw badRequest(error);
  }
  const open = (await ctx.db
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.workspaceId, brokerId), eq(documents.customerId, customerId), inArray(documents.status, REMINDABLE))))
    .map((d) => d.id);
  if (cadence && open.length === 0) throw new AppError("conflict", "This customer has no documents waiting to be uploaded.");
  await inTransaction(ctx, async ({ tx, publish, now }) => {
    if (open.length) await tx.delete(reminderCadences).where(inArray(reminderCadences.documentId, open));
    if (cadence) await tx.insert(reminderCadences).values(open.map((documentId) => ({ documentId, workspaceId: brokerId, customerId, ...cadence, createdAt: now })));
    publish({ type: "customer_updated", ...aboutCustomer(customer) });
  });
  return customerReminders(ctx, { member, customerId });
}

/**
 * The scheduler's cadence step: every document whose next cadence reminder is due gets it, one
 * email per customer. The step counter only moves from the count this tick read (and each email
 * has a (document, step) key), so two racing ticks never send a step twice.
 */
export async function sendCadenceReminders(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now();
  await inTransaction(ctx, async (unit) => {
    const rows = await unit.tx
      .select({ doc: documents, cadence: reminderCadences, assigneeId: customers.assigneeId })
      .from(reminderCadences)
      .innerJoin(documents, eq(documents.id, reminderCadences.documentId))
      .innerJoin(customers, eq(customers.id, documents.customerId))
      .where(inArray(documents.status, REMINDABLE));
    if (rows.length === 0) return;
    const paused = await pausedCustomers(unit.tx, [...new Set(rows.map((r) => r.doc.customerId))]);
    const settings = await reminderSettingsOf(unit.tx, rows.map((r) => r.doc.workspaceId));
    const zones = await timeZonesOf(unit.tx, rows.map((r) => r.assigneeId));
    const due: { doc: DocumentRow; step: number }[] = [];
    for (const { doc, cadence, assigneeId } of rows) {
      const s = settings.get(doc.workspaceId)!;
      const at = nextCadenceSend({
        now,
        dueDate: doc.dueDate,
        requestedAt: cadence.createdAt > doc.createdAt ? cadence.createdAt : doc.createdAt,
        status: doc.status,
        cadence,
        lastSentAt: cadence.lastSentAt,
        sentCount: cadence.sentCount,
        blackoutDays: s.blackoutDays,
        timeZone: zones.get(assigneeId)!,
        paused: paused.has(doc.customerId),
      });
      if (!at || at.getTime() > now.getTime()) continue;
      const step = cadence.sentCount + 1;
      const moved = (await unit.tx
        .update(reminderCadences)
        .set({ sentCount: step, lastSentAt: now })
        .where(and(eq(reminderCadences.documentId, doc.id), eq(reminderCadences.sentCount, cadence.sentCount)))
        .returning({ id: reminderCadences.documentId }))[0];
      if (moved) due.push({ doc, step });
    }
    const steps = new Map(due.map((d) => [d.doc.id, d.step]));
    for (const [customerId, docs] of groupByCustomer(due.map((d) => d.doc))) {
      const broker = await brokerById(ctx, docs[0]!.workspaceId);
      if (!broker) continue;
      const dedupeKey = `cadence-reminder:${docs.map((d) => `${d.id}#${steps.get(d.id)}`).join(",")}`;
      await queueReminderEmail(ctx, unit, { customerId, brokerName: displayName(broker), documents: docs, dedupeKey, actor: SYSTEM_ACTOR });
    }
  });
}
