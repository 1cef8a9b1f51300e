// How customers meet a brokerage and its members (owner: broker-profile): the workspace's
// branding and logo, and each member's own contact details.
import { blob, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, time } from "./columns.ts";
import { users } from "./auth.ts";
import { workspaces } from "./workspaces.ts";

/**
 * How customers reach one member (portal help block, the emails of the customers assigned to
 * them): phone and contact email (Reply-To), plus the time zone emails print times in. One row
 * per member, made on first edit or sign-in; no row means nothing set. The brokerage's branding
 * is the workspace's (workspace_branding), not a member's.
 */
export const brokerProfiles = sqliteTable("broker_profiles", {
  brokerId: text("broker_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  phone: text("phone"),
  contactEmail: text("contact_email"),
  /** An IANA zone ("Europe/Berlin"), captured from the broker's browser. */
  timeZone: text("time_zone"),
  updatedAt: time("updated_at").notNull(),
});

/**
 * The brokerage as every customer of the workspace sees it: its company name and accent colour
 * (portal and emails). Changed by an owner only; no row means nothing set.
 */
export const workspaceBranding = sqliteTable("workspace_branding", {
  workspaceId: text("workspace_id").primaryKey().references(() => workspaces.id, { onDelete: "cascade" }),
  company: text("company"),
  /** "#RRGGBB". */
  accentColor: text("accent_color"),
  updatedAt: time("updated_at").notNull(),
});

/**
 * The workspace's logo: a small PNG or JPEG kept in the database (it is part of every backup and
 * no file-store sweep can lose it). Served publicly by its random key, which changes with each upload.
 */
export const workspaceLogos = sqliteTable("workspace_logos", {
  workspaceId: text("workspace_id").primaryKey().references(() => workspaces.id, { onDelete: "cascade" }),
  key: text("key").notNull().unique(),
  mimeType: text("mime_type").notNull(),
  data: blob("data", { mode: "buffer" }).notNull(),
  createdAt: createdAt(),
});
