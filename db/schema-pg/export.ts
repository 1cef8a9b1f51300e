// How a broker's exports name files (owner: export).
import { pgTable, text } from "drizzle-orm/pg-core";
import { time } from "./columns.ts";
import { workspaces } from "./workspaces.ts";

export const exportSettings = pgTable("export_settings", {
  workspaceId: text("workspace_id").primaryKey().references(() => workspaces.id, { onDelete: "cascade" }),
  fileNamePattern: text("file_name_pattern").notNull(),
  updatedAt: time("updated_at").notNull(),
});
