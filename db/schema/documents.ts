// Requested and shared documents and their earlier files (owner: documents).
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { AcceptanceRules, CheckReport } from "../../src/shared/acceptance-rules.ts";
import { DOCUMENT_KINDS, DOCUMENT_STATUSES } from "../../src/shared/documents.ts";
import { NOT_YET_UPLOADED_CONDITION, REMINDER_NOT_SENT_CONDITION } from "../partial-indexes.ts";
import { createdAt, id, time } from "./columns.ts";
import { workspaces } from "./workspaces.ts";
import { customers } from "./customers.ts";

/** A requested document (or, with status shared, a file the broker shared with the customer). */
export const documents = sqliteTable(
  "documents",
  {
    id: id(),
    customerId: text("customer_id").notNull().references(() => customers.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    /**
     * The customer's assignee, carried here so that a member's documents are a range of an index
     * in due order (the dashboard's lists and counts in "assigned" mode or "Mine"). Set from the
     * customer on insert (documents/creation.ts) and moved with the customer by every change of
     * its assignee in the same transaction (customers/assignment.ts); never read as the truth of
     * who is responsible: that is customers.assignee_id. Nullable only because a column added to
     * filled tables cannot be NOT NULL on SQLite; every row has one (tests/api/document-assignee.test.ts).
     */
    assigneeId: text("assignee_id"),
    name: text("name").notNull(),
    description: text("description"),
    status: text("status", { enum: DOCUMENT_STATUSES }).notNull().default("requested"),
    /** upload: the customer sends a file; signature: the customer signs (its signature_requests row). */
    kind: text("kind", { enum: DOCUMENT_KINDS }).notNull().default("upload"),
    dueDate: time("due_date"),
    reminderAt: time("reminder_at"),
    /** Set when the scheduled reminder for reminderAt went out, so it goes out once. */
    reminderSentAt: time("reminder_sent_at"),
    storageKey: text("storage_key"), // server-made file name in the file store
    originalName: text("original_name"), // kept only as data, never used as a path
    mimeType: text("mime_type"), // sniffed from the bytes
    fileSize: integer("file_size"),
    rejectionReason: text("rejection_reason"),
    adminComments: text("admin_comments"),
    uploadedAt: time("uploaded_at"),
    verifiedAt: time("verified_at"),
    /** Pages of the current file when it is a PDF (read by pdf.js when it arrived). */
    pageCount: integer("page_count"),
    /** What was checked when the current file arrived (CheckReport in src/shared/acceptance-rules.ts). */
    checkReport: text("check_report", { mode: "json" }).$type<CheckReport>(),
    /** The broker's acceptance rules for this request; null: the standard ones. */
    acceptanceRules: text("acceptance_rules", { mode: "json" }).$type<AcceptanceRules>(),
    /** The customer's "I don't have this" answer, until the broker accepts it or keeps the request open. */
    unavailableReason: text("unavailable_reason"),
    unavailableAt: time("unavailable_at"),
    /** When the broker kept the request open after such an answer; cleared by the next file or answer. */
    stillNeededAt: time("still_needed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("documents_workspace_customer_idx").on(t.workspaceId, t.customerId),
    index("documents_workspace_status_idx").on(t.workspaceId, t.status),
    // A member's documents when they see only some customers ("assigned" mode, a "Mine" filter):
    // read customer by customer, and the dashboard's counts, its lists' status filters and the
    // most-urgent order answered from the index entries alone (docs/performance.md, "Workspaces").
    index("documents_customer_idx").on(t.customerId, t.status, t.dueDate, t.verifiedAt),
    // The dashboard's bounded lists walk a broker's documents in due order and stop at the limit.
    index("documents_workspace_due_idx").on(t.workspaceId, t.dueDate, t.createdAt),
    // The completed and shared lists (one status each) walk that status's documents in due order.
    index("documents_workspace_status_due_idx").on(t.workspaceId, t.status, t.dueDate, t.createdAt),
    // The same two for one member's customers ("assigned" mode, "Mine"): the member's documents in
    // due order, and by status in due order (the lists and the counts), as narrow as a solo broker's.
    index("documents_workspace_assignee_due_idx").on(t.workspaceId, t.assigneeId, t.dueDate, t.createdAt),
    index("documents_workspace_assignee_status_due_idx").on(t.workspaceId, t.assigneeId, t.status, t.dueDate, t.createdAt, t.verifiedAt),
    // "Approved today" (the dashboard's count and its completed list), for the workspace and for one
    // member: today's approvals by verification time, not every approved document walked for them.
    index("documents_workspace_status_verified_idx").on(t.workspaceId, t.status, t.verifiedAt),
    index("documents_workspace_assignee_status_verified_idx").on(t.workspaceId, t.assigneeId, t.status, t.verifiedAt),
    // The scheduler's every-5-s checks, across all brokerages: only the documents each could touch
    // (partial indexes; a whole-status index would be chosen by other queries, led by it badly).
    index("documents_not_uploaded_due_idx").on(t.dueDate).where(sql.raw(NOT_YET_UPLOADED_CONDITION)),
    index("documents_reminder_due_idx").on(t.reminderAt).where(sql.raw(REMINDER_NOT_SENT_CONDITION)),
  ],
);

/** Earlier files of a document replaced by a re-upload: the audit trail. */
export const documentVersions = sqliteTable(
  "document_versions",
  {
    id: id(),
    documentId: text("document_id").notNull().references(() => documents.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    originalName: text("original_name"),
    mimeType: text("mime_type"),
    fileSize: integer("file_size"),
    pageCount: integer("page_count"),
    checkReport: text("check_report", { mode: "json" }).$type<CheckReport>(),
    uploadedAt: time("uploaded_at"),
    replacedAt: time("replaced_at").notNull(),
  },
  (t) => [index("document_versions_document_idx").on(t.documentId)],
);
