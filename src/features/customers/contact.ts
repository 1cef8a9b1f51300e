// Customer lookups other features need (mail, reminders, uploads, the portal, billing), kept
// apart from service.ts so those features can use them without importing each other.
import { and, asc, count, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import { customers } from "../../../db/schema.ts";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/errors.ts";
import { prepared } from "../../lib/prepared.ts";
import type { Writer } from "../../lib/jobs.ts";
import { portalMessages } from "../../shared/validation.ts";

export type CustomerRow = typeof customers.$inferSelect;

export const INVALID_LINK = portalMessages.invalidLink;

export interface CustomerContact {
  id: string;
  brokerId: string;
  name: string;
  email: string;
  uploadUrl: string;
}

/** The customer's portal address; built from PUBLIC_URL, never from a request's Host. */
export const uploadUrl = (ctx: AppContext, uploadLink: string) => `${ctx.config.publicUrl}/upload/${uploadLink}`;

export function customerContact(ctx: AppContext, customerId: string, db: Writer = ctx.db): CustomerContact | null {
  const row = db.select().from(customers).where(eq(customers.id, customerId)).get();
  return row ? { id: row.id, brokerId: row.brokerId, name: row.name, email: row.email, uploadUrl: uploadUrl(ctx, row.uploadLink) } : null;
}

/** The one relationship an upload link opens; 404 for any other string. */
const byLinkQuery = prepared((db) => db.select().from(customers).where(eq(customers.uploadLink, sql.placeholder("uploadLink"))).prepare());

export function customerByLink(ctx: AppContext, uploadLink: string): CustomerRow {
  const row = byLinkQuery(ctx.db).get({ uploadLink });
  if (!row) throw notFound(INVALID_LINK);
  return row;
}

/**
 * Every relationship addressed to this email, oldest first: what the proven owner of the address
 * (a signed-in account) sees across brokers. Never called with an unproven email.
 */
const withEmailQuery = prepared((db) =>
  db.select().from(customers).where(eq(customers.email, sql.placeholder("email"))).orderBy(asc(customers.invitedAt)).prepare(),
);

export function customersWithEmail(ctx: AppContext, email: string): CustomerRow[] {
  return withEmailQuery(ctx.db).all({ email });
}

/** The customer did something (signed in, uploaded) through this relationship: remember when, and count the invitation as accepted. */
export function recordCustomerActivity(db: Writer, customerId: string, at: Date): void {
  db.update(customers).set({ lastActiveAt: at }).where(eq(customers.id, customerId)).run();
  db.update(customers)
    .set({ invitationStatus: "accepted", acceptedAt: at })
    .where(and(eq(customers.id, customerId), eq(customers.invitationStatus, "pending")))
    .run();
}

/** The account holder signed in or up through this relationship's link (see check-email's hasPassword). */
export function connectAccount(db: Writer, input: { customerId: string; email: string; at: Date }): void {
  // Only while the row is still addressed to the account's email: a broker may have changed it
  // while the password was being checked.
  db.update(customers)
    .set({ accountConnectedAt: input.at })
    .where(and(eq(customers.id, input.customerId), eq(customers.email, input.email), isNull(customers.accountConnectedAt)))
    .run();
}

const countQuery = prepared((db) => db.select({ n: count() }).from(customers).where(eq(customers.brokerId, sql.placeholder("brokerId"))).prepare());

export function countCustomers(ctx: AppContext, brokerId: string): number {
  return countQuery(ctx.db).get({ brokerId })!.n;
}

const namesQuery = prepared((db) =>
  db.select({ id: customers.id, name: customers.name }).from(customers).where(eq(customers.brokerId, sql.placeholder("brokerId"))).prepare(),
);

/** Names of this broker's customers by id, for lists that show documents with their customer. */
export function customerNames(ctx: AppContext, brokerId: string): Map<string, string> {
  return new Map(namesQuery(ctx.db).all({ brokerId }).map((r) => [r.id, r.name]));
}

/** Names of some of this broker's customers by id (the customers of one page of a list). */
export function customerNamesOf(ctx: AppContext, brokerId: string, customerIds: string[]): Map<string, string> {
  const ids = [...new Set(customerIds)];
  if (ids.length === 0) return new Map();
  const rows = ctx.db
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(and(eq(customers.brokerId, brokerId), inArray(customers.id, ids)))
    .all();
  return new Map(rows.map((r) => [r.id, r.name]));
}

export function markReminded(tx: Writer, brokerId: string, customerIds: string[], at: Date): void {
  if (customerIds.length === 0) return;
  tx.update(customers)
    .set({ lastReminderAt: at })
    .where(and(eq(customers.brokerId, brokerId), inArray(customers.id, customerIds)))
    .run();
}

/** This broker's customers reminded at or after `since`. */
export function remindedSince(ctx: AppContext, brokerId: string, since: Date): Set<string> {
  const rows = ctx.db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.brokerId, brokerId), gte(customers.lastReminderAt, since)))
    .all();
  return new Set(rows.map((r) => r.id));
}
