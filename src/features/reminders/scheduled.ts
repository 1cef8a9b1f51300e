// Time-driven document work, run by the scheduler on every tick and at start (so nothing is
// missed while the portal was stopped): documents past their due time become overdue, and the
// reminders brokers scheduled go out once, one email per customer and broker.
import type { AppContext } from "../../context.ts";
import { inTransaction } from "../../lib/unit-of-work.ts";
import { displayName } from "../../shared/user-display.ts";
import { brokerById } from "../auth/brokers.ts";
import { customerContact } from "../customers/contact.ts";
import { claimDueReminders, markOverdue } from "../documents/lists.ts";
import type { DocumentRow } from "../documents/service.ts";
import { queueEmail } from "../mail/service.ts";
import { reminderEmail } from "../mail/templates.ts";

const groupBy = (docs: DocumentRow[]) => {
  const groups = new Map<string, DocumentRow[]>();
  for (const doc of docs) {
    const key = `${doc.brokerId}:${doc.customerId}`;
    groups.set(key, [...(groups.get(key) ?? []), doc]);
  }
  return [...groups.values()];
};

export function markOverdueDocuments(ctx: AppContext): void {
  const now = ctx.clock.now();
  inTransaction(ctx, (unit) => {
    for (const docs of groupBy(markOverdue(now, unit))) {
      const { brokerId, customerId } = docs[0]!;
      unit.publish({ type: "document_status_changed", brokerId, customerId, documentIds: docs.map((d) => d.id) });
    }
  });
}

export function sendScheduledReminders(ctx: AppContext): void {
  const now = ctx.clock.now();
  inTransaction(ctx, (unit) => {
    for (const docs of groupBy(claimDueReminders(now, unit))) {
      const { brokerId, customerId } = docs[0]!;
      const customer = customerContact(ctx, customerId, unit.tx);
      const broker = brokerById(ctx, brokerId);
      if (!customer || !broker) continue;
      const content = reminderEmail({
        customerName: customer.name,
        brokerName: displayName(broker),
        uploadUrl: customer.uploadUrl,
        documents: docs.map((d) => ({ name: d.name, dueDate: d.dueDate })),
      });
      // One key per document and reminder time: the same reminder is never queued twice.
      const key = `scheduled-reminder:${docs.map((d) => `${d.id}@${d.reminderAt?.getTime()}`).join(",")}`;
      queueEmail(ctx, unit.tx, { kind: "reminder", to: customer.email, dedupeKey: key, ...content });
    }
  });
}

