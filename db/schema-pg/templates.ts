// A broker's own checklist templates (owner: templates).
import { jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { TemplateDocument } from "../../src/shared/checklist-templates.ts";
import { createdAt, id, time } from "./columns.ts";
import { workspaces } from "./workspaces.ts";

export const checklistTemplates = pgTable(
  "checklist_templates",
  {
    id: id(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    nameKey: text("name_key").notNull(),
    trade: text("trade").notNull().default(""),
    description: text("description").notNull().default(""),
    documents: jsonb("documents").notNull().$type<TemplateDocument[]>(),
    createdAt: createdAt(),
    updatedAt: time("updated_at").notNull(),
  },
  (t) => [uniqueIndex("checklist_templates_workspace_name_idx").on(t.workspaceId, t.nameKey)],
);
