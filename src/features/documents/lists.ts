// Documents across a broker's customers: the dashboard's counts and lists, and the sweeps the
// scheduler runs (due reminders; overdue documents are a transition, transitions/overdue.ts).
import { startOfDay } from "date-fns";
import { and, asc, count, eq, gte, inArray, lt, lte, sql, type Placeholder, type SQL } from "drizzle-orm";
import { documents } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import type { Writer } from "../../lib/jobs.ts";
import { prepared } from "../../lib/prepared.ts";
import { NOT_PENDING, REMINDABLE } from "../../shared/documents.ts";
import { countIf, statusIn, statusNotIn, waiting, type DocumentRow } from "./service.ts";
import { timeParam } from "../../../db/dialect.ts";
import { REMINDER_NOT_SENT_CONDITION } from "../../../db/partial-indexes.ts";
import { seesEveryCustomer, type Scope } from "../../shared/workspaces.ts";
import { visibleCustomerIds } from "../customers/lookups.ts";

// The dashboard's counts. Pending and "completed today" change only with a write or a new day;
// overdue also changes as due dates pass, so it is asked apart (an index range, microseconds)
// and the other two, index counts that grow with the brokerage (12 ms at 100,000 documents), are
// kept until a write or the next day instead of being counted again every few seconds.
const countDocuments = (which: SQL) =>
  prepared((db) => db.select({ n: count() }).from(documents).where(and(eq(documents.workspaceId, sql.placeholder("brokerId")), which)).prepare());
const pendingQuery = countDocuments(statusNotIn(NOT_PENDING));
const completedTodayQuery = countDocuments(and(eq(documents.status, "approved"), gte(documents.verifiedAt, sql.placeholder("today")))!);
const overdueQuery = countDocuments(and(waiting, lt(documents.dueDate, sql.placeholder("now")))!);

/**
 * The documents of the customers a member sees (of them, those assigned to `assigneeId`), when that
 * is not the whole workspace ("assigned" mode, or a "Mine" filter): the extra condition, else
 * undefined (the prepared workspace-wide queries answer).
 *
 * By customer alone: those customers are the member's workspace's, and so are their documents.
 * With `documents.workspace_id = ?` beside it, SQLite walked the whole workspace's documents of a
 * status (its status-and-due index) and filtered them by customer: a broker seeing 200 of a
 * workspace's 10,000 customers waited 130 ms for the dashboard's counts and 57 ms for the
 * completed list, against 5 ms for a solo broker with 200 (scripts/bench/workspace.ts). Now it
 * reads each customer's documents by documents_customer_idx.
 */
const onlyVisible = (ctx: AppContext, member: Scope, assigneeId?: string): SQL | undefined =>
  seesEveryCustomer(member) && assigneeId === undefined ? undefined : inArray(documents.customerId, visibleCustomerIds(ctx.db, member, assigneeId));

/** The dashboard's counts for one member (of one assignee's customers, if named). "Today" is the server's local day. */
export async function documentMetrics(ctx: AppContext, member: Scope, now: Date, assigneeId?: string) {
  const today = startOfDay(now);
  const visible = onlyVisible(ctx, member, assigneeId);
  if (visible) {
    // One pass over the member's documents for the three counts (three passes cost 3× the reads).
    const [counts] = await ctx.db
      .select({
        pendingDocs: countIf(statusNotIn(NOT_PENDING)),
        overdueDocs: countIf(and(waiting, lt(documents.dueDate, now))!),
        completedToday: countIf(and(eq(documents.status, "approved"), gte(documents.verifiedAt, today))!),
      })
      .from(documents)
      .where(visible);
    return counts!;
  }
  const brokerId = member.workspaceId;
  const { pendingDocs, completedToday } = await ctx.cache.value(
    `document-counts:${brokerId}:${today.getTime()}`,
    async () => ({
      pendingDocs: (await pendingQuery(ctx.db).execute({ brokerId }))[0]!.n,
      completedToday: (await completedTodayQuery(ctx.db).execute({ brokerId, today: timeParam(today) }))[0]!.n,
    }),
    { clock: false },
  );
  const overdueDocs = (await overdueQuery(ctx.db).execute({ brokerId, now: timeParam(now) }))[0]!.n;
  return { pendingDocs, overdueDocs, completedToday };
}

export type DashboardList = "pending" | "completed" | "shared";

/**
 * The most a dashboard list answers with: its rows are the most urgent (earliest due) first, so a
 * brokerage of any size costs one page of rows. The metrics carry the full counts.
 */
export const DASHBOARD_LIST_LIMIT = 200;

/** Which documents a list holds; `today` is a date, or the prepared statement's placeholder for one. */
const listCondition = (list: DashboardList, today: Date | Placeholder) =>
  list === "pending"
    ? statusNotIn(NOT_PENDING)
    : list === "completed"
      ? and(eq(documents.status, "approved"), gte(documents.verifiedAt, today))
      : eq(documents.status, "shared");

const listQuery = (list: DashboardList) =>
  prepared((db) => {
    const which = listCondition(list, sql.placeholder("today"));
    return db
      .select()
      .from(documents)
      .where(and(eq(documents.workspaceId, sql.placeholder("brokerId")), which))
      .orderBy(asc(documents.dueDate), asc(documents.createdAt))
      .limit(DASHBOARD_LIST_LIMIT)
      .prepare();
  });
const listQueries = { pending: listQuery("pending"), completed: listQuery("completed"), shared: listQuery("shared") };

/** Documents for the dashboard's lists: pending (not approved, not shared), approved today, shared; of the customers the member sees (of one assignee's, if named). */
export async function dashboardDocuments(ctx: AppContext, member: Scope, list: DashboardList, now: Date, assigneeId?: string): Promise<DocumentRow[]> {
  const visible = onlyVisible(ctx, member, assigneeId);
  if (visible) {
    return await ctx.db
      .select()
      .from(documents)
      .where(and(visible, listCondition(list, startOfDay(now))))
      .orderBy(asc(documents.dueDate), asc(documents.createdAt))
      .limit(DASHBOARD_LIST_LIMIT);
  }
  return await listQueries[list](ctx.db).execute({ brokerId: member.workspaceId, today: timeParam(startOfDay(now)) });
}

/** What a member's reminder lists (REMINDABLE): of one customer, or of every customer they see. */
export async function documentsAwaitingUpload(ctx: AppContext, member: Scope, customerId?: string): Promise<DocumentRow[]> {
  return await ctx.db
      .select()
      .from(documents)
      .where(
        and(
          onlyVisible(ctx, member) ?? eq(documents.workspaceId, member.workspaceId),
          customerId ? eq(documents.customerId, customerId) : undefined,
          statusIn(REMINDABLE),
        ),
      )
      .orderBy(asc(documents.customerId), asc(documents.createdAt));
}

/** Documents whose reminder time has come and that a reminder still asks for (REMINDABLE), claimed once. */
export async function claimDueReminders(now: Date, unit: { tx: Writer }): Promise<DocumentRow[]> {
  return await unit.tx
      .update(documents)
      .set({ reminderSentAt: now })
      .where(
        and(
          lte(documents.reminderAt, now),
          sql.raw(REMINDER_NOT_SENT_CONDITION), // the partial index's condition, as for markOverdue (transitions/overdue.ts)
          statusIn(REMINDABLE),
        ),
      )
      .returning();
}
