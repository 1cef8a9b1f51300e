// What a broker shows their customers: profile and logo (owner: broker-profile).
import { pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, time, bytea } from "./columns.ts";
import { users } from "./auth.ts";

export const brokerProfiles = pgTable("broker_profiles", {
  brokerId: text("broker_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  company: text("company"),
  phone: text("phone"),
  contactEmail: text("contact_email"),
  accentColor: text("accent_color"),
  timeZone: text("time_zone"),
  updatedAt: time("updated_at").notNull(),
});

export const brokerLogos = pgTable("broker_logos", {
  brokerId: text("broker_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  key: text("key").notNull().unique(),
  mimeType: text("mime_type").notNull(),
  data: bytea("data").notNull(),
  createdAt: createdAt(),
});
