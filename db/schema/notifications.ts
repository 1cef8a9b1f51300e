// Both sides' notifications (owner: notifications).
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id } from "./columns.ts";
import { users } from "./auth.ts";
import { customers } from "./customers.ts";

/** Notifications for both sides: a broker's (brokerId set) or a customer's (customerId set, audience customer). */
export const notifications = sqliteTable(
  "notifications",
  {
    id: id(),
    audience: text("audience", { enum: ["broker", "customer"] }).notNull(),
    brokerId: text("broker_id").references(() => users.id, { onDelete: "cascade" }),
    customerId: text("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    title: text("title").notNull(),
    message: text("message").notNull(),
    read: integer("read", { mode: "boolean" }).notNull().default(false),
    metadata: text("metadata", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    // With the audience: a customer's notifications carry their broker too (for the cascade), and
    // a broker's unread count and list must not walk every notification of every customer.
    index("notifications_broker_idx").on(t.brokerId, t.audience, t.read),
    index("notifications_customer_idx").on(t.customerId, t.read),
    // Newest first, LIST_LIMIT of them, however many a broker has collected.
    index("notifications_broker_time_idx").on(t.brokerId, t.audience, t.createdAt),
  ],
);
