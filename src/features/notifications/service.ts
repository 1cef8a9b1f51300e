// Stored notifications for both sides: lists, counts, read marks, and a removed member's dropped.
// They are written by the notifications subscriber (subscriber.ts, writer.ts) from the facts of
// the events a change publishes, in its transaction.
import { and, count, desc, eq, inArray, lt, sql, type Placeholder, type SQL } from "drizzle-orm";
import { notifications } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/errors.ts";
import { prepared, preparedForIds } from "../../lib/prepared.ts";
import type { Unit } from "../../lib/unit-of-work.ts";
import type { BrokerNotificationDto, CustomerNotificationDto } from "./model.ts";
import { write } from "../../lib/unit-of-work.ts";

/**
 * A member removed from their workspace keeps none of its news: their own notifications (which
 * name its customers) go, in the removal's transaction (workspaces' removeMember, handed this by
 * src/app.ts), so an account that joins a workspace again finds none of the old ones.
 */
export async function dropBrokerNotifications(unit: Unit, brokerId: string): Promise<void> {
  await unit.tx.delete(notifications).where(and(eq(notifications.audience, "broker"), eq(notifications.brokerId, brokerId)));
}

type Row = typeof notifications.$inferSelect;

export const LIST_LIMIT = 50;

/** Whose notifications: a broker's, or a customer's. */
export type Owner = { audience: "broker"; brokerId: string } | { audience: "customer"; customerIds: string[] };

/** A customer's, by their relationships' ids (values, or placeholders for a prepared statement). */
const ofCustomers = (ids: (string | Placeholder)[]) => and(eq(notifications.audience, "customer"), inArray(notifications.customerId, ids));

const ownedBy = (owner: Owner) =>
  owner.audience === "broker"
    ? and(eq(notifications.audience, "broker"), eq(notifications.brokerId, owner.brokerId))
    : ofCustomers(owner.customerIds);

/** Narrows a list: unread only, and/or older than a time (the next page of the full list). */
export interface ListFilter {
  unreadOnly?: boolean;
  before?: Date;
  limit?: number;
}

// A broker's list and unread count are polled every 30 s by every open dashboard: prepared once.
const brokerOwner = { audience: "broker", brokerId: sql.placeholder("brokerId") as unknown as string } as const;
const brokerList = prepared((db) =>
  db.select().from(notifications).where(ownedBy(brokerOwner)).orderBy(desc(notifications.createdAt)).limit(LIST_LIMIT).prepare(),
);
const brokerUnread = prepared((db) =>
  db.select({ n: count() }).from(notifications).where(and(ownedBy(brokerOwner), eq(notifications.read, false))).prepare(),
);
// And a customer's, prepared once per number of relationships (usually one or two).
const customerList = preparedForIds((db, ids) =>
  db.select().from(notifications).where(ofCustomers(ids)).orderBy(desc(notifications.createdAt)).limit(LIST_LIMIT).prepare(),
);
const customerUnread = preparedForIds((db, ids) =>
  db.select({ n: count() }).from(notifications).where(and(ofCustomers(ids), eq(notifications.read, false))).prepare(),
);

async function list(ctx: AppContext, owner: Owner, filter: ListFilter = {}): Promise<Row[]> {
  const plain = !filter.unreadOnly && !filter.before && (filter.limit ?? LIST_LIMIT) >= LIST_LIMIT;
  if (owner.audience === "broker" && plain) return await brokerList(ctx.db).execute({ brokerId: owner.brokerId });
  if (owner.audience === "customer" && plain) {
    const [statement, params] = customerList(ctx.db, owner.customerIds);
    return await statement.execute(params);
  }
  const conditions: (SQL | undefined)[] = [ownedBy(owner)];
  if (filter.unreadOnly) conditions.push(eq(notifications.read, false));
  if (filter.before) conditions.push(lt(notifications.createdAt, filter.before));
  return await ctx.db
      .select()
      .from(notifications)
      .where(and(...conditions))
      .orderBy(desc(notifications.createdAt))
      .limit(Math.min(filter.limit ?? LIST_LIMIT, LIST_LIMIT));
}

const base = (row: Row) => ({
  id: row.id,
  type: row.type,
  title: row.title,
  message: row.message,
  createdAt: row.createdAt.toISOString(),
  metadata: row.metadata ?? null,
});

export const brokerNotifications = async (ctx: AppContext, brokerId: string, filter: ListFilter = {}): Promise<BrokerNotificationDto[]> =>
  (await list(ctx, { audience: "broker", brokerId }, filter)).map((row) => ({ ...base(row), read: row.read }));

// The customer side names the flag isRead (SPEC section 3).
export const customerNotifications = async (ctx: AppContext, customerIds: string[]): Promise<CustomerNotificationDto[]> =>
  (await list(ctx, { audience: "customer", customerIds })).map((row) => ({ ...base(row), isRead: row.read }));

export async function unreadCount(ctx: AppContext, owner: Owner): Promise<number> {
  if (owner.audience === "broker") return (await brokerUnread(ctx.db).execute({ brokerId: owner.brokerId }))[0]!.n;
  const [statement, params] = customerUnread(ctx.db, owner.customerIds);
  return (await statement.execute(params))[0]!.n;
}

export async function markRead(ctx: AppContext, { owner, id }: { owner: Owner; id: string }): Promise<void> {
  const changed = (await write(ctx, (tx) => tx.update(notifications).set({ read: true }).where(and(ownedBy(owner), eq(notifications.id, id))).returning({ id: notifications.id })))[0];
  if (!changed) throw notFound("Notification not found");
  ctx.events.publish({ type: "notifications_read", ...owner });
}

export async function markAllRead(ctx: AppContext, owner: Owner): Promise<number> {
  const changed = await write(ctx, (tx) => tx.update(notifications)
      .set({ read: true })
      .where(and(ownedBy(owner), eq(notifications.read, false)))
      .returning({ id: notifications.id }));
  ctx.events.publish({ type: "notifications_read", ...owner });
  return changed.length;
}
