// One broker's relationship with one person, with its upload link (owner: customers).
import { sql } from "drizzle-orm";
import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, time } from "./columns.ts";
import { users } from "./auth.ts";

export const customers = pgTable(
  "customers",
  {
    id: id(),
    brokerId: text("broker_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    name: text("name").notNull(),
    loanType: text("loan_type"),
    uploadLink: text("upload_link").notNull().unique(),
    invitationStatus: text("invitation_status", { enum: ["pending", "accepted"] }).notNull().default("pending"),
    invitedAt: time("invited_at").notNull(),
    acceptedAt: time("accepted_at"),
    lastReminderAt: time("last_reminder_at"),
    lastActiveAt: time("last_active_at"),
    accountConnectedAt: time("account_connected_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("customers_broker_email_idx").on(t.brokerId, t.email),
    index("customers_email_idx").on(t.email),
    index("customers_broker_name_idx").on(t.brokerId, sql`lower(${t.name})`, t.email),
    index("customers_broker_invited_idx").on(t.brokerId, t.invitedAt),
  ],
);
