// The ORDER BY of "most urgent first" (URGENCY_TIERS, src/shared/documents.ts, says the rule) for
// a query over customers: two correlated subqueries on this feature's table, so a page of the
// list is ordered by the database, whatever the brokerage's size.
import { and, eq, isNotNull, lt, ne, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { documents } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
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
