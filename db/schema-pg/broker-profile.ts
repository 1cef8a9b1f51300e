// How customers meet a brokerage and its members (owner: broker-profile); see db/schema/broker-profile.ts.
import { pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, time, bytea } from "./columns.ts";
import { users } from "./auth.ts";
import { workspaces } from "./workspaces.ts";

export const brokerProfiles = pgTable("broker_profiles", {
  brokerId: text("broker_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  phone: text("phone"),
  contactEmail: text("contact_email"),
  timeZone: text("time_zone"),
  updatedAt: time("updated_at").notNull(),
});

export const workspaceBranding = pgTable("workspace_branding", {
  workspaceId: text("workspace_id").primaryKey().references(() => workspaces.id, { onDelete: "cascade" }),
  company: text("company"),
  accentColor: text("accent_color"),
  updatedAt: time("updated_at").notNull(),
});

export const workspaceLogos = pgTable("workspace_logos", {
  workspaceId: text("workspace_id").primaryKey().references(() => workspaces.id, { onDelete: "cascade" }),
  key: text("key").notNull().unique(),
  mimeType: text("mime_type").notNull(),
  data: bytea("data").notNull(),
  createdAt: createdAt(),
});
