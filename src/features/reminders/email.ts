// One reminder email: what both the broker's Send Reminder and the scheduled reminders queue.
import type { AppContext } from "../../context.ts";
import type { Unit } from "../../lib/unit.ts";
import { customerContact } from "../customers/lookups.ts";
import type { DocumentRow } from "../documents/service.ts";
import { queueEmail } from "../mail/service.ts";
import { customerLanguage } from "../workspaces/customer-language.ts";
import { reminderEmail } from "../mail/templates.ts";
import { emailSender } from "../broker-profile/contact.ts";
import type { AuditActor } from "../audit/actor.ts";
import { remindSigners } from "../signatures/reminders.ts";

/** Documents by customer, in order: a customer belongs to one broker, so one email each. */
export function groupByCustomer(docs: DocumentRow[]): Map<string, DocumentRow[]> {
  const groups = new Map<string, DocumentRow[]>();
  for (const doc of docs) groups.set(doc.customerId, [...(groups.get(doc.customerId) ?? []), doc]);
  return groups;
}

/**
 * Queues the reminder for one customer's documents in the caller's unit (the trail records it).
 * A signature document asks who has to sign it now (signatures/reminders.ts): it stays in the
 * customer's email only while they have not signed, and the other signers in turn get their own
 * reminder. False when no one was reminded (the customer is gone, or no one has anything to do).
 */
export async function queueReminderEmail(
  ctx: AppContext,
  unit: Unit,
  input: { customerId: string; brokerName: string; documents: DocumentRow[]; dedupeKey: string; actor: AuditActor },
): Promise<boolean> {
  const { tx } = unit;
  const customer = await customerContact(ctx, input.customerId, tx);
  if (!customer) return false;
  const signing = await remindSigners(ctx, tx, { documents: input.documents, now: unit.now, dedupeKey: input.dedupeKey });
  const asked = input.documents.filter((d) => d.kind !== "signature" || signing.customerAsked.has(d.id));
  if (asked.length > 0) {
    // From the customer's assignee, whoever sends it (brokerName: only if the assignee is gone).
    const sender = await emailSender(ctx, customer, tx);
    const content = reminderEmail({
      language: await customerLanguage(tx, customer),
      customerName: customer.name,
      brokerName: sender?.name ?? input.brokerName,
      sender,
      uploadUrl: customer.uploadUrl,
      documents: asked.map((d) => ({ name: d.name, dueDate: d.dueDate, toSign: d.kind === "signature" })),
    });
    await queueEmail(ctx, tx, { kind: "reminder", to: customer.email, dedupeKey: input.dedupeKey, ...content });
  }
  if (asked.length === 0 && signing.othersReminded.length === 0) return false;
  unit.publish({
    type: "reminder_sent",
    workspaceId: customer.workspaceId,
    facts: {
      audit: [
        {
          brokerId: customer.workspaceId,
          customerId: customer.id,
          action: "reminder_sent",
          actor: input.actor,
          detail: [...asked.map((d) => d.name), ...signing.othersReminded].join(", "),
        },
      ],
    },
  });
  return true;
}
