// What a broker shows their customers: profile and logo (owner: broker-profile).
import { blob, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, time } from "./columns.ts";
import { users } from "./auth.ts";

/**
 * What a broker shows their customers (portal help block, emails): company, phone, contact
 * email, accent colour, plus the time zone emails print times in. One row per broker, made on
 * first edit or sign-in; no row means nothing set.
 */
export const brokerProfiles = sqliteTable("broker_profiles", {
  brokerId: text("broker_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  company: text("company"),
  phone: text("phone"),
  contactEmail: text("contact_email"),
  /** "#RRGGBB". */
  accentColor: text("accent_color"),
  /** An IANA zone ("Europe/Berlin"), captured from the broker's browser. */
  timeZone: text("time_zone"),
  updatedAt: time("updated_at").notNull(),
});

/**
 * A broker's logo: a small PNG or JPEG kept in the database (it is part of every backup and no
 * file-store sweep can lose it). Served publicly by its random key, which changes with each upload.
 */
export const brokerLogos = sqliteTable("broker_logos", {
  brokerId: text("broker_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  key: text("key").notNull().unique(),
  mimeType: text("mime_type").notNull(),
  data: blob("data", { mode: "buffer" }).notNull(),
  createdAt: createdAt(),
});
