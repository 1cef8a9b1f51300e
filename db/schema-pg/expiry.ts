// Approved documents' expiry dates (owner: expiry).
import { index, pgTable, text } from "drizzle-orm/pg-core";
import { time } from "./columns.ts";
import { workspaces } from "./workspaces.ts";
import { customers } from "./customers.ts";
import { documents } from "./documents.ts";

export const documentExpiries = pgTable(
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
    index("document_expiries_customer_idx").on(t.customerId, t.expiresOn),
  ],
);
