// Approved documents' expiry dates (owner: expiry).
import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { time } from "./columns.ts";
import { workspaces } from "./workspaces.ts";
import { customers } from "./customers.ts";
import { documents } from "./documents.ts";

/** An approved document's expiry date ("YYYY-MM-DD"), and when it was asked for again because of it. */
export const documentExpiries = sqliteTable(
  "document_expiries",
  {
    documentId: text("document_id").primaryKey().references(() => documents.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    customerId: text("customer_id").notNull().references(() => customers.id, { onDelete: "cascade" }),
    expiresOn: text("expires_on").notNull(),
    renewalRequestedAt: time("renewal_requested_at"),
  },
  (t) => [
    index("document_expiries_workspace_idx").on(t.workspaceId, t.expiresOn),
    // The expiring documents of a member's own customers (assigned mode), customer by customer.
    index("document_expiries_customer_idx").on(t.customerId, t.expiresOn),
  ],
);
