// Documents across a broker's customers: the dashboard's counts and lists, and the sweeps the
// scheduler runs (due reminders; overdue documents are a transition, transitions/overdue.ts).
import { startOfDay } from "date-fns";
import { and, asc, count, eq, gte, inArray, lt, lte, sql, type Placeholder, type SQL } from "drizzle-orm";
import { documents } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import type { Writer } from "../../lib/jobs.ts";
import { prepared } from "../../lib/prepared.ts";
import { DOCUMENT_STATUSES, NOT_PENDING, REMINDABLE, type DocumentStatus } from "../../shared/documents.ts";
import { countIf, statusIn, statusNotIn, waiting, type DocumentRow } from "./service.ts";
import { timeParam } from "../../../db/dialect.ts";
import { REMINDER_NOT_SENT_CONDITION } from "../../../db/partial-indexes.ts";
import { seesEveryCustomer, viewedAssignees, type Scope } from "../../shared/workspaces.ts";
import { visibleCustomerIds } from "../customers/lookups.ts";

// The dashboard's counts. Pending and "completed today" change only with a write or a new day;
// overdue also changes as due dates pass, so it is asked apart (an index range, microseconds)
// and the other two, index counts that grow with the brokerage (12 ms at 100,000 documents), are
// kept until a write or the next day instead of being counted again every few seconds.
//
// Each query comes twice: over the workspace's documents, and over one member's (their customers'
// documents carry the assignee: "assigned" mode, a "Mine" filter), each a range of an index led
// by (workspace[, assignee]), so a member of a big workspace reads as few entries as a solo broker
// with the same pipeline (docs/performance.md, "Workspaces").
const ofWorkspace = (byAssignee: boolean) =>
  and(eq(documents.workspaceId, sql.placeholder("brokerId")), byAssignee ? eq(documents.assigneeId, sql.placeholder("assigneeId")) : undefined)!;
const countDocuments = (which: SQL, byAssignee: boolean) =>
  prepared((db) => db.select({ n: count() }).from(documents).where(and(ofWorkspace(byAssignee), which)).prepare());
// Pending counted as the statuses it is, not "not approved or shared": ranges of the status
// index, entries alone (with NOT IN PostgreSQL read a member's pending rows through the due-date
// index: 2,055 buffers against 52; and the owner's by a scan of the table).
const PENDING = DOCUMENT_STATUSES.filter((status) => !(NOT_PENDING as readonly DocumentStatus[]).includes(status));
const countQueries = (byAssignee: boolean) => ({
  pending: countDocuments(statusIn(PENDING), byAssignee),
  completedToday: countDocuments(and(eq(documents.status, "approved"), gte(documents.verifiedAt, sql.placeholder("today")))!, byAssignee),
  overdue: countDocuments(and(waiting, lt(documents.dueDate, sql.placeholder("now")))!, byAssignee),
});
const counting = { workspace: countQueries(false), assignee: countQueries(true) };

/**
 * The one member whose customers' documents a member's view holds (viewedAssignees): undefined,
 * the whole workspace's; null, no one's (an "assigned" member filtering to a colleague).
 */
function viewedAssignee(member: Scope, assigneeId?: string): string | null | undefined {
  const ids = viewedAssignees(member, assigneeId);
  return ids.length === 0 ? undefined : ids.length === 1 ? ids[0] : null;
}

/** The dashboard's counts for one member (of one assignee's customers, if named). "Today" is the server's local day. */
export async function documentMetrics(ctx: AppContext, member: Scope, now: Date, assigneeId?: string) {
  const today = startOfDay(now);
  const assignee = viewedAssignee(member, assigneeId);
  if (assignee === null) return { pendingDocs: 0, overdueDocs: 0, completedToday: 0 };
  const queries = assignee === undefined ? counting.workspace : counting.assignee;
  const whose = { brokerId: member.workspaceId, ...(assignee === undefined ? {} : { assigneeId: assignee }) };
  const { pendingDocs, completedToday } = await ctx.cache.value(
    `document-counts:${member.workspaceId}:${assignee ?? ""}:${today.getTime()}`,
    async () => ({
      pendingDocs: (await queries.pending(ctx.db).execute(whose))[0]!.n,
      completedToday: (await queries.completedToday(ctx.db).execute({ ...whose, today: timeParam(today) }))[0]!.n,
    }),
    { clock: false },
  );
  const overdueDocs = (await queries.overdue(ctx.db).execute({ ...whose, now: timeParam(now) }))[0]!.n;
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

// Pending walks (workspace[, assignee], due date) in order and stops at the limit; completed reads
// today's range of (workspace[, assignee], status, verified at), shared its status's range of
// (workspace[, assignee], status, due date).
const listQuery = (list: DashboardList, byAssignee: boolean) =>
  prepared((db) => {
    const which = listCondition(list, sql.placeholder("today"));
    return db
      .select()
      .from(documents)
      .where(and(ofWorkspace(byAssignee), which))
      .orderBy(asc(documents.dueDate), asc(documents.createdAt))
      .limit(DASHBOARD_LIST_LIMIT)
      .prepare();
  });
const listQueries = (byAssignee: boolean) => ({ pending: listQuery("pending", byAssignee), completed: listQuery("completed", byAssignee), shared: listQuery("shared", byAssignee) });
const listing = { workspace: listQueries(false), assignee: listQueries(true) };

/** Documents for the dashboard's lists: pending (not approved, not shared), approved today, shared; of the customers the member sees (of one assignee's, if named). */
export async function dashboardDocuments(ctx: AppContext, member: Scope, list: DashboardList, now: Date, assigneeId?: string): Promise<DocumentRow[]> {
  const assignee = viewedAssignee(member, assigneeId);
  if (assignee === null) return [];
  const today = timeParam(startOfDay(now));
  if (assignee === undefined) return await listing.workspace[list](ctx.db).execute({ brokerId: member.workspaceId, today });
  return await listing.assignee[list](ctx.db).execute({ brokerId: member.workspaceId, assigneeId: assignee, today });
}

/**
 * The documents of the customers a member sees, when that is not the whole workspace ("assigned"
 * mode), by customer: the extra condition, else undefined. (The dashboard reads by the documents'
 * own assignee instead, above.)
 */
const onlyVisible = (ctx: AppContext, member: Scope): SQL | undefined =>
  seesEveryCustomer(member) ? undefined : inArray(documents.customerId, visibleCustomerIds(ctx.db, member));

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
