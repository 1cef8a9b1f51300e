// The ORDER BY of "most urgent first" (URGENCY_TIERS, src/shared/documents.ts, says the rule) for
// a query over customers: two correlated subqueries on this feature's table, so a page of the
// list is ordered by the database, whatever the brokerage's size.
import { and, asc, eq, isNotNull, lt, ne, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { documents } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { prepared } from "../../lib/prepared.ts";
import { SHARED, URGENCY_TIERS, type UrgencyTier } from "../../shared/documents.ts";
import { waiting } from "./service.ts";

/** Each tier's condition on one document; the last tier is "no document matched any". */
function tierConditions(now: Date): Record<Exclude<UrgencyTier, "none">, SQL> {
  return {
    overdue: and(waiting, lt(documents.dueDate, now))!,
    due: and(waiting, isNotNull(documents.dueDate))!,
    resubmit: eq(documents.status, "need_to_resubmit"),
    review: eq(documents.status, "uploaded"),
    requested: waiting,
  };
}

/**
 * The sort keys for customers (`customerId`: the outer query's customers.id column), most urgent
 * first; the caller appends its own tie-breakers (name, email, id) and scopes the customers.
 */
export function urgencyOrder(ctx: AppContext, customerId: AnyColumn, now: Date): SQL[] {
  const conditions = tierConditions(now);
  const tiers = URGENCY_TIERS.filter((tier): tier is Exclude<UrgencyTier, "none"> => tier !== "none");
  const rank = sql.join(
    tiers.map((tier) => sql`when ${conditions[tier]} then ${sql.raw(String(URGENCY_TIERS.indexOf(tier)))}`),
    sql` `,
  );
  // By the customer alone (documents_customer_idx: their ten or so rows). With the workspace in
  // the condition too, SQLite chose the workspace's status-and-due index for the due dates and
  // walked every waiting document of the workspace for each customer: a page of the overview took
  // 77 ms at 200 customers and over a minute at 10,000 (scripts/bench/workspace.ts). A customer's
  // documents are their workspace's, and the outer query keeps to the customers the member sees.
  const ofCustomer = and(eq(documents.customerId, customerId), ne(documents.status, SHARED));
  const tier = ctx.db
    .select({ tier: sql`min(case ${rank} else ${sql.raw(String(URGENCY_TIERS.indexOf("none")))} end)` })
    .from(documents)
    .where(ofCustomer);
  // Within a tier, the earliest due time among the documents still waiting: the longest overdue
  // first (tier "overdue"), the soonest due first (tier "due"); the other tiers have none.
  const nextDue = ctx.db
    .select({ due: sql`min(${documents.dueDate})` })
    .from(documents)
    .where(and(ofCustomer, waiting, isNotNull(documents.dueDate)));
  const none = URGENCY_TIERS.indexOf("none");
  return [sql`coalesce((${tier}), ${sql.raw(String(none))})`, sql`(${nextDue}) is null`, sql`(${nextDue})`];
}

// The first two tiers ("overdue", "due") are the customers with a waiting document that has a due
// date, ordered by the earliest such date (a customer is overdue exactly when that date has
// passed). So the top of the order is the first customers met walking the waiting documents in
// due order: a range of (workspace[, assignee], due date), as the dashboard's pending list walks,
// instead of ranking every customer the member sees (the owner's overview ranked 10,000).
const dueWalk = (byAssignee: boolean) =>
  prepared((db) =>
    db
      .select({ customerId: documents.customerId, dueDate: documents.dueDate })
      .from(documents)
      .where(
        and(
          eq(documents.workspaceId, sql.placeholder("workspaceId")),
          byAssignee ? eq(documents.assigneeId, sql.placeholder("assigneeId")) : undefined,
          waiting,
          isNotNull(documents.dueDate),
        ),
      )
      .orderBy(asc(documents.dueDate), asc(documents.createdAt))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare(),
  );
const dueWalks = { workspace: dueWalk(false), assignee: dueWalk(true) };
/** Beyond this many documents walked, ranking every customer is the cheaper way (a page far down the list). */
const MAX_WALKED = 4_000;

/**
 * The first `needed` customers (of the workspace, or of one assignee's) in "most urgent" order, with
 * every customer tied with the last of them on the earliest due date, each with that date, in
 * order of it; null when fewer than `needed` customers are in the first two tiers (the rest of the
 * order is by the later tiers: the caller ranks with urgencyOrder) or when finding them would walk
 * more than MAX_WALKED documents. Ties on a date are the caller's to order (by name, as urgencyOrder).
 */
export async function earliestDueCustomers(ctx: AppContext, whose: { workspaceId: string; assigneeId?: string }, needed: number): Promise<{ customerId: string; due: number }[] | null> {
  if (needed > MAX_WALKED) return null; // each customer met is one document walked at least
  const walk = whose.assigneeId === undefined ? dueWalks.workspace : dueWalks.assignee;
  const firstDue = new Map<string, number>();
  let lastDue: number | null = null; // the date of the `needed`th customer met
  for (let offset = 0, size = Math.max(64, needed * 4); offset < MAX_WALKED; offset += size, size *= 2) {
    const limit = Math.min(size, MAX_WALKED - offset);
    const rows = await walk(ctx.db).execute({ ...whose, limit, offset });
    for (const { customerId, dueDate } of rows) {
      const due = dueDate!.getTime();
      if (lastDue !== null && due > lastDue) return [...firstDue].map(([id, at]) => ({ customerId: id, due: at }));
      if (firstDue.has(customerId)) continue;
      firstDue.set(customerId, due);
      if (firstDue.size === needed) lastDue = due;
    }
    if (rows.length < limit) return lastDue === null ? null : [...firstDue].map(([id, at]) => ({ customerId: id, due: at }));
  }
  return null;
}
