// Time-driven document work, run by the scheduler on every tick and at start (so nothing is
// missed while the portal was stopped): documents past their due time become overdue, and the
// reminders brokers scheduled go out once, one email per customer and broker.
import type { AppContext } from "../../context.ts";
import { inTransaction } from "../../lib/unit-of-work.ts";
import { displayName } from "../../shared/user-display.ts";
import { brokerById } from "../auth/brokers.ts";
import { claimDueReminders } from "../documents/lists.ts";
import { markOverdue } from "../documents/transitions/index.ts";
import { groupByCustomer, queueReminderEmail } from "./email.ts";
import { pausedCustomers } from "./settings.ts";
import { SYSTEM_ACTOR } from "../audit/actor.ts";

export async function markOverdueDocuments(ctx: AppContext): Promise<void> {
  await inTransaction(ctx, (unit) => markOverdue(unit));
}

export async function sendScheduledReminders(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now();
  await inTransaction(ctx, async (unit) => {
    const byCustomer = groupByCustomer(await claimDueReminders(now, unit));
    // A customer whose reminders the broker paused misses the ones that fall due meanwhile.
    const paused = await pausedCustomers(unit.tx, [...byCustomer.keys()]);
    for (const [customerId, documents] of byCustomer) {
      if (paused.has(customerId)) continue;
      const broker = await brokerById(ctx, documents[0]!.workspaceId);
      if (!broker) continue;
      // One key per document and reminder time: the same reminder is never queued twice.
      const dedupeKey = `scheduled-reminder:${documents.map((d) => `${d.id}@${d.reminderAt?.getTime()}`).join(",")}`;
      await queueReminderEmail(ctx, unit, { customerId, brokerName: displayName(broker), documents, dedupeKey, actor: SYSTEM_ACTOR });
    }
  });
}

