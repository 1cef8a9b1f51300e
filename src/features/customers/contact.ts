// How to reach a customer, for features that email them (documents, reminders, uploads).
// Kept apart from service.ts so those features can use it without importing each other.
import { and, eq } from "drizzle-orm";
import { brokerCustomers, customers, users } from "../../../db/schema.ts";
import { displayName } from "../../shared/user-display.ts";
import type { AppContext } from "../../context.ts";
import type { Writer } from "../../lib/jobs.ts";

export interface CustomerContact {
  id: string;
  name: string;
  email: string;
  uploadUrl: string;
}

/** The customer's portal address; built from PUBLIC_URL, never from a request's Host. */
export const uploadUrl = (ctx: AppContext, uploadLink: string) => `${ctx.config.publicUrl}/upload/${uploadLink}`;

export function customerContact(ctx: AppContext, customerId: string, db: Writer = ctx.db): CustomerContact | null {
  const row = db.select().from(customers).where(eq(customers.id, customerId)).get();
  return row ? { id: row.id, name: row.name, email: row.email, uploadUrl: uploadUrl(ctx, row.uploadLink) } : null;
}

/**
 * The customer did something (signed in, uploaded): remember when, and count the invitation as
 * accepted, for one broker (an upload for that broker) or all of them (signing in).
 */
export function recordCustomerActivity(db: Writer, customerId: string, at: Date, brokerId?: string): void {
  db.update(customers).set({ lastActiveAt: at }).where(eq(customers.id, customerId)).run();
  db.update(brokerCustomers)
    .set({ invitationStatus: "accepted", acceptedAt: at })
    .where(
      and(
        eq(brokerCustomers.customerId, customerId),
        eq(brokerCustomers.invitationStatus, "pending"),
        brokerId ? eq(brokerCustomers.brokerId, brokerId) : undefined,
      ),
    )
    .run();
}

/** The brokers a customer works with, with that broker's loan type for them. */
export function customerBrokers(ctx: AppContext, customerId: string): { id: string; name: string; loanType: string | null }[] {
  return ctx.db
    .select({ broker: users, loanType: brokerCustomers.loanType })
    .from(brokerCustomers)
    .innerJoin(users, eq(users.id, brokerCustomers.brokerId))
    .where(eq(brokerCustomers.customerId, customerId))
    .orderBy(brokerCustomers.invitedAt)
    .all()
    .map(({ broker, loanType }) => ({ id: broker.id, name: displayName(broker), loanType }));
}
