// One reminder email: what both the broker's Send Reminder and the scheduled reminders queue.
import type { AppContext } from "../../context.ts";
import type { Writer } from "../../lib/jobs.ts";
import { customerContact } from "../customers/lookups.ts";
import type { DocumentRow } from "../documents/service.ts";
import { queueEmail } from "../mail/service.ts";
import { reminderEmail } from "../mail/templates.ts";
import { emailSender } from "../broker-profile/contact.ts";
import { recordAudit } from "../audit/service.ts";
import type { AuditActor } from "../audit/actor.ts";

/** Documents by customer, in order: a customer belongs to one broker, so one email each. */
export function groupByCustomer(docs: DocumentRow[]): Map<string, DocumentRow[]> {
  const groups = new Map<string, DocumentRow[]>();
  for (const doc of docs) groups.set(doc.customerId, [...(groups.get(doc.customerId) ?? []), doc]);
  return groups;
}

/** Queues the reminder for one customer's documents in the caller's transaction; false when the customer is gone. */
export async function queueReminderEmail(
  ctx: AppContext,
  tx: Writer,
  input: { customerId: string; brokerName: string; documents: DocumentRow[]; dedupeKey: string; actor: AuditActor },
): Promise<boolean> {
  const customer = await customerContact(ctx, input.customerId, tx);
  if (!customer) return false;
  // From the customer's assignee, whoever sends it (brokerName: only if the assignee is gone).
  const sender = await emailSender(ctx, customer, tx);
  const content = reminderEmail({
    customerName: customer.name,
    brokerName: sender?.name ?? input.brokerName,
    sender,
    uploadUrl: customer.uploadUrl,
    documents: input.documents.map((d) => ({ name: d.name, dueDate: d.dueDate, toSign: d.kind === "signature" })),
  });
  await queueEmail(ctx, tx, { kind: "reminder", to: customer.email, dedupeKey: input.dedupeKey, ...content });
  await recordAudit(ctx, { tx, now: ctx.clock.now() }, { brokerId: customer.workspaceId, customerId: customer.id, action: "reminder_sent", actor: input.actor, detail: input.documents.map((d) => d.name).join(", ") });
  return true;
}
