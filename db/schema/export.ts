// How a broker's exports name files (owner: export).
import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { time } from "./columns.ts";
import { workspaces } from "./workspaces.ts";

/** How a broker's exports name files (src/shared/export.ts); no row means the default pattern. */
export const exportSettings = sqliteTable("export_settings", {
  workspaceId: text("workspace_id").primaryKey().references(() => workspaces.id, { onDelete: "cascade" }),
  fileNamePattern: text("file_name_pattern").notNull(),
  updatedAt: time("updated_at").notNull(),
});
