// Documents across a broker's customers: the dashboard's counts and lists, and the sweeps the
// scheduler runs (overdue documents, due reminders).
import { startOfDay } from "date-fns";
import { and, asc, eq, gte, isNull, lt, lte } from "drizzle-orm";
import { documents } from "../../../db/schema.ts";
import type { AppContext } from "../../context.ts";
import type { Writer } from "../../lib/jobs.ts";
import { AWAITING_UPLOAD, NOT_PENDING, NOT_YET_UPLOADED, REMINDABLE } from "../../shared/documents.ts";
import { countIf, statusIn, statusNotIn, waiting, type DocumentRow } from "./service.ts";

/** The dashboard's counts for one broker. "Today" is the server's local day. */
export function documentMetrics(ctx: AppContext, brokerId: string, now: Date) {
  return ctx.db
    .select({
      pendingDocs: countIf(statusNotIn(NOT_PENDING)),
      overdueDocs: countIf(and(waiting, lt(documents.dueDate, now))!),
      completedToday: countIf(and(eq(documents.status, "approved"), gte(documents.verifiedAt, startOfDay(now)))!),
    })
    .from(documents)
    .where(eq(documents.brokerId, brokerId))
    .get()!;
}

export type DashboardList = "pending" | "completed" | "shared";

/** Documents for the dashboard's lists: pending (not approved, not shared), approved today, shared. */
export function dashboardDocuments(ctx: AppContext, brokerId: string, list: DashboardList, now: Date): DocumentRow[] {
  const which =
    list === "pending"
      ? statusNotIn(NOT_PENDING)
      : list === "completed"
        ? and(eq(documents.status, "approved"), gte(documents.verifiedAt, startOfDay(now)))
        : eq(documents.status, "shared");
  return ctx.db
    .select()
    .from(documents)
    .where(and(eq(documents.brokerId, brokerId), which))
    .orderBy(asc(documents.dueDate), asc(documents.createdAt))
    .all();
}

/** Documents the customer still owes, which reminders are about (one customer, or all of a broker's). */
export function documentsAwaitingUpload(ctx: AppContext, brokerId: string, customerId?: string): DocumentRow[] {
  return ctx.db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.brokerId, brokerId),
        customerId ? eq(documents.customerId, customerId) : undefined,
        statusIn(REMINDABLE),
      ),
    )
    .orderBy(asc(documents.customerId), asc(documents.createdAt))
    .all();
}

/** Documents still waiting whose due time has passed become overdue; returns them. */
export function markOverdue(now: Date, unit: { tx: Writer }): DocumentRow[] {
  return unit.tx
    .update(documents)
    .set({ status: "overdue" })
    .where(and(statusIn(NOT_YET_UPLOADED), lte(documents.dueDate, now)))
    .returning()
    .all();
}

/** Documents whose reminder time has come and that still wait for the customer, claimed once. */
export function claimDueReminders(now: Date, unit: { tx: Writer }): DocumentRow[] {
  return unit.tx
    .update(documents)
    .set({ reminderSentAt: now })
    .where(
      and(
        lte(documents.reminderAt, now),
        isNull(documents.reminderSentAt),
        statusIn(AWAITING_UPLOAD),
      ),
    )
    .returning()
    .all();
}
