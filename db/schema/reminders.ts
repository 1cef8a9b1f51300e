// Reminder cadences, pauses and settings (owner: reminders).
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, time } from "./columns.ts";
import { workspaces } from "./workspaces.ts";
import { customers } from "./customers.ts";
import { documents } from "./documents.ts";

/**
 * A reminder cadence on one requested document ("almost due N days before, then every N days,
 * stop after M"), and how far it has got. No row: the single reminder of the spec only.
 */
export const reminderCadences = sqliteTable("reminder_cadences", {
  documentId: text("document_id").primaryKey().references(() => documents.id, { onDelete: "cascade" }),
  workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
  customerId: text("customer_id").notNull().references(() => customers.id, { onDelete: "cascade" }),
  almostDueDays: integer("almost_due_days").notNull(),
  everyDays: integer("every_days").notNull(),
  maxCount: integer("max_count").notNull(),
  sentCount: integer("sent_count").notNull().default(0),
  lastSentAt: time("last_sent_at"),
  createdAt: createdAt(),
});

/** Customers whose automatic reminders the broker paused. */
export const reminderPauses = sqliteTable("reminder_pauses", {
  customerId: text("customer_id").primaryKey().references(() => customers.id, { onDelete: "cascade" }),
  workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
  pausedAt: time("paused_at").notNull(),
});

/** A broker's reminder settings: blackout days ("YYYY-MM-DD") and how early expiring documents are asked for again. */
export const reminderSettings = sqliteTable("reminder_settings", {
  workspaceId: text("workspace_id").primaryKey().references(() => workspaces.id, { onDelete: "cascade" }),
  blackoutDays: text("blackout_days", { mode: "json" }).$type<string[]>().notNull(),
  expiryLeadDays: integer("expiry_lead_days").notNull(),
  updatedAt: time("updated_at").notNull(),
});
