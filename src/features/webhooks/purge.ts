// Webhook events and their deliveries are kept for the delivery log, then let go: a payload holds
// a customer's name and email (a deleted customer's too), and the tables would grow without end.
// 30 days is ten times the retry window (3 days), so nothing still being delivered is removed;
// deleting an event removes its deliveries (foreign key, on delete cascade).
import { lt } from "drizzle-orm";
import { webhookEvents } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { write } from "../../lib/unit-of-work.ts";

export const WEBHOOK_LOG_DAYS = 30;

/** Removes the events (and deliveries) older than WEBHOOK_LOG_DAYS; returns how many events. */
export async function purgeOldWebhookEvents(ctx: AppContext): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - WEBHOOK_LOG_DAYS * 24 * 60 * 60 * 1000);
  const gone = await write(ctx, (tx) => tx.delete(webhookEvents).where(lt(webhookEvents.createdAt, cutoff)).returning({ id: webhookEvents.id }));
  return gone.length;
}
