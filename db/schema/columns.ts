// The columns every table repeats. Drizzle's portable column types only (text, integer),
// so the PostgreSQL dialect (db/schema-pg/) follows without rethinking the data.
import { sql } from "drizzle-orm";
import { integer, text } from "drizzle-orm/sqlite-core";

export const id = () => text("id").primaryKey();
export const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch() * 1000)`);
export const time = (name: string) => integer(name, { mode: "timestamp_ms" });
