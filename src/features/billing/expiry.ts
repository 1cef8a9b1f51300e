// A canceled plan runs until its paid period ends, then the broker is on Free. Checked on every
// scheduler tick (within seconds of the end) and at start, for periods that ended while stopped.
import { and, eq, lte } from "drizzle-orm";
import { subscriptions } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { inTransaction } from "../../lib/unit-of-work.ts";
import { dropToFree } from "./webhook.ts";

const endedBy = (now: Date) => and(eq(subscriptions.status, "canceled"), lte(subscriptions.currentPeriodEnd, now));

export async function expireCanceledPlans(ctx: AppContext): Promise<void> {
  if (!ctx.config.billing) return;
  // A cheap read first, so a quiet tick never takes the write lock.
  if (!(await ctx.db.select({ workspaceId: subscriptions.workspaceId }).from(subscriptions).where(endedBy(ctx.clock.now())))[0]) return;
  const moved = await inTransaction(ctx, async (unit) => {
      // Read again under the lock: a webhook may have renewed a plan since.
      const ended = await unit.tx.select({ workspaceId: subscriptions.workspaceId }).from(subscriptions).where(endedBy(unit.now));
      for (const row of ended) await dropToFree(unit, row);
      return ended.length;
    });
  if (moved) ctx.log.info("Canceled plans reached their period end and moved to Free", { brokers: moved });
}
