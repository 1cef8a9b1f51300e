// Customer lookups other features need (mail, reminders, uploads, the portal, billing), kept
// apart from service.ts so those features can use them without importing each other.
import { and, asc, count, eq, gte, inArray, isNull, sql, type Placeholder, type SQL } from "drizzle-orm";
import { customers, customerWatchers } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { given, prepared, preparedWrite } from "../../lib/prepared.ts";
import { timeParam } from "../../../db/dialect.ts";
import type { Writer } from "../../lib/jobs.ts";
import { portalMessages } from "../../shared/validation.ts";
import type { Reader } from "../../../db/client.ts";
import { seesEveryCustomer, viewedAssignees, type Scope } from "../../shared/workspaces.ts";
import type { AboutCustomer } from "../../lib/events.ts";

export type CustomerRow = typeof customers.$inferSelect;

export const INVALID_LINK = portalMessages.invalidLink;

export interface CustomerContact {
  id: string;
  workspaceId: string;
  /** The member responsible for the customer: their notifications, their name on the emails. */
  assigneeId: string;
  name: string;
  email: string;
  uploadUrl: string;
  /** What the broker set and what the customer chose (workspaces/customer-language.ts decides which applies). */
  language: string | null;
  chosenLanguage: string | null;
}

/**
 * The one condition "customers this member may see": their workspace's, and of those every one
 * or only those assigned to them (maySeeCustomer, src/shared/workspaces.ts, as SQL). A customer
 * read on a member's behalf filters with this; no other code writes the condition.
 */
export function visibleCustomers(scope: Scope, assigneeId?: string): SQL {
  const workspace = eq(customers.workspaceId, scope.workspaceId);
  const assignees = viewedAssignees(scope, assigneeId);
  return assignees.length === 0 ? workspace : and(workspace, ...assignees.map((id) => eq(customers.assigneeId, id)))!;
}

/**
 * A customer's assignee, as a subquery for another feature's write: a new document carries its
 * customer's (documents.assignee_id), read in the same transaction as the insert.
 */
export const assigneeOfCustomer = (customerId: SQL | SQL.Aliased | Placeholder | string): SQL =>
  sql`(select ${customers.assigneeId} from ${customers} where ${customers.id} = ${customerId})`;

/** The customers this member may see (of them, those assigned to `assigneeId`), as a subquery for another feature's condition (their documents). */
export const visibleCustomerIds = (db: Reader, scope: Scope, assigneeId?: string) => db.select({ id: customers.id }).from(customers).where(visibleCustomers(scope, assigneeId));

/** Which of these customers this member may see. */
export async function customersVisibleTo(ctx: AppContext, scope: Scope, customerIds: string[]): Promise<Set<string>> {
  if (customerIds.length === 0) return new Set();
  const rows = await ctx.db.select({ id: customers.id }).from(customers).where(and(visibleCustomers(scope), inArray(customers.id, [...new Set(customerIds)])));
  return new Set(rows.map((r) => r.id));
}

/** Whom a customer's live events reach (src/lib/events.ts): from a customer row in hand. */
export const aboutCustomer = (row: { id: string; workspaceId: string; assigneeId: string }): AboutCustomer => ({
  customerId: row.id,
  workspaceId: row.workspaceId,
  assigneeId: row.assigneeId,
});

const ownershipQuery = prepared((db) =>
  db.select({ customerId: customers.id, workspaceId: customers.workspaceId, assigneeId: customers.assigneeId }).from(customers).where(eq(customers.id, sql.placeholder("customerId"))).prepare(),
);

/** The same, by id, read in the caller's transaction (before a delete, after a reassignment). */
export async function aboutCustomerById(db: Reader, customerId: string): Promise<AboutCustomer> {
  const row = (await ownershipQuery(db).execute({ customerId }))[0];
  if (!row) throw notFound("Customer not found");
  return row;
}

const watchersQuery = prepared((db) => db.select({ memberId: customerWatchers.memberId }).from(customerWatchers).where(eq(customerWatchers.customerId, sql.placeholder("customerId"))).prepare());

/** The members watching one customer (besides its assignee), for its notifications. Asked on every upload: prepared. */
export async function watcherIdsOf(db: Reader, customerId: string): Promise<string[]> {
  return (await watchersQuery(db).execute({ customerId })).map((r) => r.memberId);
}

/**
 * The watchers of several customers, by customer: of a page (ids), or of every customer a member
 * sees (the visibility condition as a subquery, so a list of 10,000 is one query, not 10,000 ids).
 */
export async function watchersByCustomer(db: Reader, customerIds: string[] | Scope): Promise<Map<string, string[]>> {
  if (Array.isArray(customerIds) && customerIds.length === 0) return new Map();
  const which = Array.isArray(customerIds) ? [...new Set(customerIds)] : visibleCustomerIds(db, customerIds);
  const rows = await db
    .select({ customerId: customerWatchers.customerId, memberId: customerWatchers.memberId })
    .from(customerWatchers)
    .where(inArray(customerWatchers.customerId, which))
    .orderBy(asc(customerWatchers.memberId));
  const byCustomer = new Map<string, string[]>();
  for (const r of rows) {
    const list = byCustomer.get(r.customerId);
    if (list) list.push(r.memberId);
    else byCustomer.set(r.customerId, [r.memberId]);
  }
  return byCustomer;
}

/** The customer's portal address; built from PUBLIC_URL, never from a request's Host. */
export const uploadUrl = (ctx: AppContext, uploadLink: string) => `${ctx.config.publicUrl}/upload/${uploadLink}`;

const customerQuery = prepared((db) => db.select().from(customers).where(eq(customers.id, sql.placeholder("customerId"))).prepare());

/**
 * One customer's row by id, whoever asks; null once deleted. For a caller that has already held the
 * member to visibleCustomers through what it found (a signature request of the customer's), so
 * the visibility condition is not asked twice.
 */
export async function customerById(db: Reader, customerId: string): Promise<CustomerRow | null> {
  return (await customerQuery(db).execute({ customerId }))[0] ?? null;
}

/** Who a customer is and their portal's address, read in `db` (pass the caller's transaction to see its writes); null once deleted. */
export async function customerContact(ctx: AppContext, customerId: string, db: Reader = ctx.db): Promise<CustomerContact | null> {
  const row = await customerById(db, customerId);
  return row ? { id: row.id, workspaceId: row.workspaceId, assigneeId: row.assigneeId, name: row.name, email: row.email, uploadUrl: uploadUrl(ctx, row.uploadLink), language: row.language, chosenLanguage: row.chosenLanguage } : null;
}


/** The one relationship an upload link opens; 404 for any other string. */
const byLinkQuery = prepared((db) => db.select().from(customers).where(eq(customers.uploadLink, sql.placeholder("uploadLink"))).prepare());

// Both asked on every portal request; kept in ctx.lookups until the database changes.
export async function customerByLink(ctx: AppContext, uploadLink: string): Promise<CustomerRow> {
  const row = await ctx.lookups.value(`link:${uploadLink}`, async () => (await byLinkQuery(ctx.db).execute({ uploadLink }))[0] ?? null);
  if (!row) throw notFound(INVALID_LINK, { code: "portal.invalidLink" });
  return row;
}

/**
 * Every relationship addressed to this email, oldest first: what the proven owner of the address
 * (a signed-in account) sees across brokers. Never called with an unproven email.
 */
const withEmailQuery = prepared((db) =>
  db.select().from(customers).where(eq(customers.email, sql.placeholder("email"))).orderBy(asc(customers.invitedAt)).prepare(),
);

export async function customersWithEmail(ctx: AppContext, email: string): Promise<CustomerRow[]> {
  return await ctx.lookups.value(`email:${email}`, () => withEmailQuery(ctx.db).execute({ email }));
}

// Both run on every upload: prepared once, the time bound as given (timeParam).
const lastActive = preparedWrite((tx) => tx.update(customers).set({ lastActiveAt: given("at") }).where(eq(customers.id, sql.placeholder("customerId"))).prepare());
const invitationAccepted = preparedWrite((tx) =>
  tx
    .update(customers)
    .set({ invitationStatus: "accepted", acceptedAt: given("at") })
    .where(and(eq(customers.id, sql.placeholder("customerId")), eq(customers.invitationStatus, "pending")))
    .prepare(),
);

/** The customer did something (signed in, uploaded) through this relationship: remember when, and count the invitation as accepted. */
export async function recordCustomerActivity(db: Writer, customerId: string, at: Date): Promise<void> {
  const params = { customerId, at: timeParam(at) };
  await lastActive(db).execute(params);
  await invitationAccepted(db).execute(params);
}

/** The account holder signed in or up through this relationship's link (see check-email's hasPassword). */
export async function connectAccount(db: Writer, input: { customerId: string; email: string; at: Date }): Promise<void> {
  // Only while the row is still addressed to the account's email: a broker may have changed it
  // while the password was being checked.
  await db.update(customers)
    .set({ accountConnectedAt: input.at })
    .where(and(eq(customers.id, input.customerId), eq(customers.email, input.email), isNull(customers.accountConnectedAt)));
}

/**
 * The customer's own language choice (the portal's switch) on these relationships: the link's, or
 * every one of a signed-in account. `onlyIfUnset`: an account's choice carried to a link on sign-in
 * never overrides one made there.
 */
export async function rememberChosenLanguage(db: Writer, input: { customerIds: string[]; language: string; onlyIfUnset?: boolean }): Promise<void> {
  if (input.customerIds.length === 0) return;
  await db.update(customers)
    .set({ chosenLanguage: input.language })
    .where(and(inArray(customers.id, input.customerIds), input.onlyIfUnset ? isNull(customers.chosenLanguage) : undefined));
}

const countQuery = prepared((db) => db.select({ n: count() }).from(customers).where(eq(customers.workspaceId, sql.placeholder("brokerId"))).prepare());

/**
 * How many customers the broker has. An index count that grows with the brokerage (about 1.5 ms
 * at 10,000 customers, asked by every dashboard poll), so it is kept until the next write.
 */
export async function countCustomers(ctx: AppContext, brokerId: string): Promise<number> {
  return ctx.cache.value(`customer-count:${brokerId}`, async () => (await countQuery(ctx.db).execute({ brokerId }))[0]!.n, { clock: false });
}

/** How many customers this member sees, of them those assigned to `assigneeId` (the whole workspace's count, kept as above, when all). */
export async function countVisibleCustomers(ctx: AppContext, scope: Scope, assigneeId?: string): Promise<number> {
  if (seesEveryCustomer(scope) && assigneeId === undefined) return countCustomers(ctx, scope.workspaceId);
  return (await ctx.db.select({ n: count() }).from(customers).where(visibleCustomers(scope, assigneeId)))[0]!.n;
}

/** Names of some of this broker's customers by id (the customers of one page of a list). */
export async function customerNamesOf(ctx: AppContext, brokerId: string, customerIds: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(customerIds)];
  if (ids.length === 0) return new Map();
  // Looked up by id alone and kept to the workspace here: with the workspace in the WHERE, SQLite
  // walked the workspace's customers by its index (10,000 for a page of 200 names) instead of
  // taking each id from the primary key.
  const rows = await ctx.db.select({ id: customers.id, name: customers.name, workspaceId: customers.workspaceId }).from(customers).where(inArray(customers.id, ids));
  return new Map(rows.filter((r) => r.workspaceId === brokerId).map((r) => [r.id, r.name]));
}

export async function markReminded(tx: Writer, brokerId: string, customerIds: string[], at: Date): Promise<void> {
  if (customerIds.length === 0) return;
  await tx.update(customers)
    .set({ lastReminderAt: at })
    .where(and(eq(customers.workspaceId, brokerId), inArray(customers.id, customerIds)));
}

/** The members these customers are assigned to, each once: who hears of a change to all of them (customer_list_refresh). */
export async function assigneesOf(db: Reader, customerIds: string[]): Promise<string[]> {
  if (customerIds.length === 0) return [];
  const rows = await db.selectDistinct({ assigneeId: customers.assigneeId }).from(customers).where(inArray(customers.id, customerIds));
  return rows.map((r) => r.assigneeId);
}

/** A second reminder to the same customer within this time is refused (a double click): by hand, or a signature request sent again. */
export const REMINDER_COOLDOWN_MS = 60_000;

/** 429 when this customer was reminded within the cooldown, with how long to wait. */
export function refuseIfJustReminded(lastReminderAt: Date | null, now: Date): void {
  const since = lastReminderAt ? now.getTime() - lastReminderAt.getTime() : Infinity;
  if (since >= REMINDER_COOLDOWN_MS) return;
  throw new AppError("too_many_requests", "A reminder was just sent to this customer. Please wait a minute before sending another.", {
    retryAfter: Math.ceil((REMINDER_COOLDOWN_MS - since) / 1000),
  });
}

/** This broker's customers reminded at or after `since`. */
export async function remindedSince(ctx: AppContext, brokerId: string, since: Date): Promise<Set<string>> {
  const rows = await ctx.db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.workspaceId, brokerId), gte(customers.lastReminderAt, since)));
  return new Set(rows.map((r) => r.id));
}

/** The customer if this member may see them (visibleCustomers), else null: for features below customers/service.ts. */
export async function visibleCustomer(ctx: AppContext, scope: Scope, customerId: string): Promise<CustomerRow | null> {
  return (await ctx.db.select().from(customers).where(and(visibleCustomers(scope), eq(customers.id, customerId))))[0] ?? null;
}
