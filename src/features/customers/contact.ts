// How to reach a customer, for features that email them (documents, reminders, uploads).
// Kept apart from service.ts so those features can use it without importing each other.
import { eq } from "drizzle-orm";
import { customers } from "../../../db/schema.ts";
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
