// Reminder emails a broker sends by hand: to one customer, or to every customer who still owes
// documents. Each is queued in the same transaction that records when the customer was reminded.
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import { inTransaction } from "../../lib/unit-of-work.ts";
import { displayName } from "../../shared/user-display.ts";
import type { PublicUser } from "../auth/model.ts";
import { aboutCustomerById, assigneesOf, markReminded, refuseIfJustReminded, remindedSince, REMINDER_COOLDOWN_MS } from "../customers/lookups.ts";
import { findOwnedCustomer } from "../customers/service.ts";
import { documentsAwaitingUpload } from "../documents/lists.ts";
import type { DocumentRow } from "../documents/service.ts";
import { groupByCustomer, queueReminderEmail } from "./email.ts";
import type { AuditActor } from "../audit/actor.ts";
import type { Scope } from "../../shared/workspaces.ts";

async function queueReminders(ctx: AppContext, { broker, member }: { broker: PublicUser; member: Scope }, byCustomer: Map<string, DocumentRow[]>, actor: AuditActor): Promise<number> {
  const now = ctx.clock.now();
  return inTransaction(ctx, async (unit) => {
    const { tx, publish } = unit;
    let sent = 0;
    for (const [customerId, documents] of byCustomer) {
      const dedupeKey = `reminder:${broker.id}:${customerId}:${now.getTime()}`;
      if (await queueReminderEmail(ctx, unit, { customerId, brokerName: displayName(broker), documents, dedupeKey, actor })) sent++;
    }
    await markReminded(tx, member.workspaceId, [...byCustomer.keys()], now);
    if (byCustomer.size === 1) publish({ type: "customer_updated", ...(await aboutCustomerById(tx, [...byCustomer.keys()][0]!)) });
    else publish({ type: "customer_list_refresh", workspaceId: member.workspaceId, assigneeIds: await assigneesOf(tx, [...byCustomer.keys()]) });
    return sent;
  });
}

export async function sendReminder(ctx: AppContext, { broker, member, customerId, actor }: { broker: PublicUser; member: Scope; customerId: string; actor: AuditActor }): Promise<number> {
  const { lastReminderAt } = await findOwnedCustomer(ctx, member, customerId);
  refuseIfJustReminded(lastReminderAt, ctx.clock.now());
  const docs = await documentsAwaitingUpload(ctx, member, customerId);
  if (docs.length === 0) throw new AppError("conflict", "This customer has no documents waiting to be uploaded.");
  return queueReminders(ctx, { broker, member }, new Map([[customerId, docs]]), actor);
}

/**
 * Reminds every customer with requested, incomplete or overdue documents, except those reminded
 * within the last minute (as for a single reminder); returns how many.
 */
/** "Send to all": every customer the member sees who still owes something and was not just reminded. */
export async function sendBulkReminders(ctx: AppContext, broker: PublicUser, member: Scope, actor: AuditActor): Promise<number> {
  const recent = await remindedSince(ctx, member.workspaceId, new Date(ctx.clock.now().getTime() - REMINDER_COOLDOWN_MS));
  const byCustomer = groupByCustomer((await documentsAwaitingUpload(ctx, member)).filter((doc) => !recent.has(doc.customerId)));
  return byCustomer.size === 0 ? 0 : await queueReminders(ctx, { broker, member }, byCustomer, actor);
}
