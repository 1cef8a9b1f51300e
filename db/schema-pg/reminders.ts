// Reminder cadences, pauses and settings (owner: reminders).
import { integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, time } from "./columns.ts";
import { workspaces } from "./workspaces.ts";
import { customers } from "./customers.ts";
import { documents } from "./documents.ts";

export const reminderCadences = pgTable("reminder_cadences", {
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

export const reminderPauses = pgTable("reminder_pauses", {
  customerId: text("customer_id").primaryKey().references(() => customers.id, { onDelete: "cascade" }),
  workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
  pausedAt: time("paused_at").notNull(),
});

export const reminderSettings = pgTable("reminder_settings", {
  workspaceId: text("workspace_id").primaryKey().references(() => workspaces.id, { onDelete: "cascade" }),
  blackoutDays: jsonb("blackout_days").$type<string[]>().notNull(),
  expiryLeadDays: integer("expiry_lead_days").notNull(),
  updatedAt: time("updated_at").notNull(),
});
