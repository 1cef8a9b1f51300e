// The hash-chained audit trail (owner: audit).
import { index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { id, time } from "./columns.ts";
import { workspaces } from "./workspaces.ts";

export const auditEvents = pgTable(
  "audit_events",
  {
    id: id(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    sequence: integer("sequence").notNull(),
    customerId: text("customer_id").notNull(),
    customerLabel: text("customer_label").notNull(),
    at: time("at").notNull(),
    actorKind: text("actor_kind").notNull(),
    actorId: text("actor_id"),
    actorLabel: text("actor_label").notNull(),
    address: text("address"),
    action: text("action").notNull(),
    documentId: text("document_id"),
    documentName: text("document_name"),
    detail: text("detail"),
    prevHash: text("prev_hash").notNull(),
    hash: text("hash").notNull(),
  },
  (t) => [
    uniqueIndex("audit_events_workspace_sequence_idx").on(t.workspaceId, t.sequence),
    index("audit_events_customer_idx").on(t.workspaceId, t.customerId, t.sequence),
  ],
);

export const auditChainHeads = pgTable("audit_chain_heads", {
  workspaceId: text("workspace_id").primaryKey().references(() => workspaces.id, { onDelete: "cascade" }),
  sequence: integer("sequence").notNull(),
  hash: text("hash").notNull(),
});
