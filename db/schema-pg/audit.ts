// The hash-chained audit trail (owner: audit).
import { index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { id, time } from "./columns.ts";
import { users } from "./auth.ts";

export const auditEvents = pgTable(
  "audit_events",
  {
    id: id(),
    brokerId: text("broker_id").notNull().references(() => users.id, { onDelete: "cascade" }),
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
    uniqueIndex("audit_events_broker_sequence_idx").on(t.brokerId, t.sequence),
    index("audit_events_customer_idx").on(t.brokerId, t.customerId, t.sequence),
  ],
);

export const auditChainHeads = pgTable("audit_chain_heads", {
  brokerId: text("broker_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  sequence: integer("sequence").notNull(),
  hash: text("hash").notNull(),
});
