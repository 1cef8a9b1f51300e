// Requested and shared documents and their earlier files (owner: documents).
import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import type { AcceptanceRules, CheckReport } from "../../src/shared/acceptance-rules.ts";
import { DOCUMENT_KINDS, DOCUMENT_STATUSES } from "../../src/shared/documents.ts";
import { NOT_YET_UPLOADED_CONDITION, REMINDER_NOT_SENT_CONDITION } from "../partial-indexes.ts";
import { createdAt, id, time } from "./columns.ts";
import { workspaces } from "./workspaces.ts";
import { customers } from "./customers.ts";

export const documents = pgTable(
  "documents",
  {
    id: id(),
    customerId: text("customer_id").notNull().references(() => customers.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    assigneeId: text("assignee_id"),
    name: text("name").notNull(),
    description: text("description"),
    status: text("status", { enum: DOCUMENT_STATUSES }).notNull().default("requested"),
    kind: text("kind", { enum: DOCUMENT_KINDS }).notNull().default("upload"),
    dueDate: time("due_date"),
    reminderAt: time("reminder_at"),
    reminderSentAt: time("reminder_sent_at"),
    storageKey: text("storage_key"),
    originalName: text("original_name"),
    mimeType: text("mime_type"),
    fileSize: bigint("file_size", { mode: "number" }),
    rejectionReason: text("rejection_reason"),
    adminComments: text("admin_comments"),
    uploadedAt: time("uploaded_at"),
    verifiedAt: time("verified_at"),
    pageCount: integer("page_count"),
    checkReport: jsonb("check_report").$type<CheckReport>(),
    acceptanceRules: jsonb("acceptance_rules").$type<AcceptanceRules>(),
    unavailableReason: text("unavailable_reason"),
    unavailableAt: time("unavailable_at"),
    /** When the broker kept the request open after such an answer; cleared by the next file or answer. */
    stillNeededAt: time("still_needed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("documents_workspace_customer_idx").on(t.workspaceId, t.customerId),
    index("documents_workspace_status_idx").on(t.workspaceId, t.status),
    index("documents_customer_idx").on(t.customerId, t.status, t.dueDate, t.verifiedAt),
    index("documents_workspace_due_idx").on(t.workspaceId, t.dueDate, t.createdAt),
    index("documents_workspace_status_due_idx").on(t.workspaceId, t.status, t.dueDate, t.createdAt),
    index("documents_workspace_assignee_due_idx").on(t.workspaceId, t.assigneeId, t.dueDate, t.createdAt),
    index("documents_workspace_assignee_status_due_idx").on(t.workspaceId, t.assigneeId, t.status, t.dueDate, t.createdAt, t.verifiedAt),
    // "Approved today" (the dashboard's count and its completed list), for the workspace and for one
    // member: today's approvals by verification time, not every approved document walked for them.
    index("documents_workspace_status_verified_idx").on(t.workspaceId, t.status, t.verifiedAt),
    index("documents_workspace_assignee_status_verified_idx").on(t.workspaceId, t.assigneeId, t.status, t.verifiedAt),
    index("documents_not_uploaded_due_idx").on(t.dueDate).where(sql.raw(NOT_YET_UPLOADED_CONDITION)),
    index("documents_reminder_due_idx").on(t.reminderAt).where(sql.raw(REMINDER_NOT_SENT_CONDITION)),
  ],
);

export const documentVersions = pgTable(
  "document_versions",
  {
    id: id(),
    documentId: text("document_id").notNull().references(() => documents.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    originalName: text("original_name"),
    mimeType: text("mime_type"),
    fileSize: bigint("file_size", { mode: "number" }),
    pageCount: integer("page_count"),
    checkReport: jsonb("check_report").$type<CheckReport>(),
    uploadedAt: time("uploaded_at"),
    replacedAt: time("replaced_at").notNull(),
  },
  (t) => [index("document_versions_document_idx").on(t.documentId)],
);
