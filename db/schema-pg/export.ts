// How a broker's exports name files (owner: export).
import { pgTable, text } from "drizzle-orm/pg-core";
import { time } from "./columns.ts";
import { users } from "./auth.ts";

export const exportSettings = pgTable("export_settings", {
  brokerId: text("broker_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  fileNamePattern: text("file_name_pattern").notNull(),
  updatedAt: time("updated_at").notNull(),
});
