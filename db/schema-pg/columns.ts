// The columns every PostgreSQL table repeats, translated from db/schema/columns.ts
// (db/schema.pg.ts lists the translations).
import { customType, text, timestamp } from "drizzle-orm/pg-core";

export const id = () => text("id").primaryKey();
export const time = (name: string) => timestamp(name, { mode: "date", precision: 3, withTimezone: true });
export const createdAt = () => time("created_at").notNull().defaultNow();

/** bytea read back as a Buffer, the type (and runtime value) of SQLite's blob({ mode: "buffer" }). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
