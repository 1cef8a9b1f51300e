// A broker's own checklist templates (owner: templates).
import { sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { TemplateDocument } from "../../src/shared/checklist-templates.ts";
import { createdAt, id, time } from "./columns.ts";
import { workspaces } from "./workspaces.ts";

/**
 * A broker's own checklist template: a named list of documents (name, description, acceptance
 * rules) that Add New Customer and Request New Document can start from. The ready-made ones live
 * in src/shared/checklist-templates.ts, not here. Names are unique per broker.
 */
export const checklistTemplates = sqliteTable(
  "checklist_templates",
  {
    id: id(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The name lower-cased: what uniqueness is judged on. */
    nameKey: text("name_key").notNull(),
    trade: text("trade").notNull().default(""),
    description: text("description").notNull().default(""),
    documents: text("documents", { mode: "json" }).notNull().$type<TemplateDocument[]>(),
    createdAt: createdAt(),
    updatedAt: time("updated_at").notNull(),
  },
  (t) => [uniqueIndex("checklist_templates_workspace_name_idx").on(t.workspaceId, t.nameKey)],
);
