// The hash-chained audit trail (owner: audit).
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id } from "./columns.ts";
import { workspaces } from "./workspaces.ts";

/**
 * The audit trail: every event on a customer, one hash-chained sequence per broker (owner: the
 * audit feature). `hash` is SHA-256 over the entry's canonical form and `prev_hash`, so an edited,
 * deleted or reordered row breaks the chain (`portal audit verify`). No foreign key to customers
 * or documents: a deleted customer's entries stay (their deletion is itself an entry).
 */
export const auditEvents = sqliteTable(
  "audit_events",
  {
    id: id(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    /** 1, 2, 3 … per broker, without gaps. */
    sequence: integer("sequence").notNull(),
    customerId: text("customer_id").notNull(),
    customerLabel: text("customer_label").notNull(),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
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

/**
 * The head of each broker's audit chain: the last sequence and hash. Appending reads and moves it
 * in the writer's transaction (writers take turns on both databases: db/transaction.ts), and
 * verify checks the last entry against it, so deleting the newest entries is detected too.
 */
export const auditChainHeads = sqliteTable("audit_chain_heads", {
  workspaceId: text("workspace_id").primaryKey().references(() => workspaces.id, { onDelete: "cascade" }),
  sequence: integer("sequence").notNull(),
  hash: text("hash").notNull(),
});
