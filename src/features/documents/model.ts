import { t } from "elysia";
import { IsoDate, MaybeDate, optionalText } from "../../lib/model.ts";
import { DOCUMENT_KINDS, DOCUMENT_STATUSES } from "../../shared/documents.ts";
import { AcceptanceRulesDto, AcceptanceRulesSchema, RecognitionDto } from "../document-checks/model.ts";

const dueDate = t.String({ maxLength: 64, error: "dueDate is required: a date and time, such as 2026-12-01T17:00:00Z" });
const reminderTime = optionalText(64, "reminderTime must be a date and time, such as 2026-11-30T17:00:00Z");

export const DocumentStatus = t.UnionEnum(DOCUMENT_STATUSES);
/** upload: the customer sends a file; signature: the customer signs (its signature request). */
export const DocumentKind = t.UnionEnum(DOCUMENT_KINDS);

export const VerifyBody = t.Object({
  status: t.Union([t.Literal("approved"), t.Literal("rejected")], { error: 'status must be "approved" or "rejected"' }),
  comments: optionalText(2000, "Comments must be at most 2,000 characters"),
  rejectionReason: optionalText(2000, "The re-submit reason must be at most 2,000 characters"),
});
export type VerifyDocumentInput = typeof VerifyBody.static;

export const DueDateBody = t.Object({ dueDate, reminderTime });
export type DueDateInput = typeof DueDateBody.static;

export const BulkDueDateBody = t.Object({
  documentIds: t.Array(t.String({ maxLength: 64 }), { maxItems: 500, error: "documentIds must be a list of document ids" }),
  dueDate,
  reminderTime,
});
export type BulkDueDateInput = typeof BulkDueDateBody.static;

/** A requested document (or a file the broker shared) as the broker sees it. */
export const DocumentDto = t.Object({
  id: t.String(),
  customerId: t.String(),
  brokerId: t.String(),
  name: t.String(),
  description: t.Nullable(t.String()),
  status: DocumentStatus,
  kind: DocumentKind,
  dueDate: MaybeDate,
  reminderAt: MaybeDate,
  /** Where the broker downloads the file (session-authenticated), or null without a file. */
  fileUrl: t.Nullable(t.String()),
  /** The same file shown inline (PDF or image in the viewer), or null without a file. */
  viewUrl: t.Nullable(t.String()),
  /** The name the customer's file had, for display only. */
  fileName: t.Nullable(t.String()),
  originalName: t.Nullable(t.String()),
  fileSize: t.Nullable(t.Number()),
  mimeType: t.Nullable(t.String()),
  rejectionReason: t.Nullable(t.String()),
  adminComments: t.Nullable(t.String()),
  uploadedAt: MaybeDate,
  verifiedAt: MaybeDate,
  createdAt: IsoDate,
  /** Pages of the current file, when it is a PDF. */
  pageCount: t.Optional(t.Nullable(t.Number())),
  /** What was checked when the current file arrived, one line each (src/shared/acceptance-rules.ts). */
  checks: t.Optional(t.Nullable(t.Array(t.String()))),
  /** What the current file was read as (DESIGN 3b); null until it has been read, or without a file. */
  recognition: t.Optional(t.Nullable(RecognitionDto)),
  /** The customer's note, sent with a file they were told did not look like what was asked. */
  customerNote: t.Optional(t.Nullable(t.String())),
  /** The broker's own acceptance rules; null: the standard ones. */
  acceptanceRules: t.Optional(t.Nullable(AcceptanceRulesDto)),
  /** The customer's "I don't have this" answer, while it awaits the broker. */
  unavailableReason: t.Optional(t.Nullable(t.String())),
  unavailableAt: t.Optional(MaybeDate),
});
export type DocumentDto = typeof DocumentDto.static;

export const AcceptanceRulesBody = t.Object({ rules: t.Nullable(AcceptanceRulesSchema) });
export const UnavailableDecisionBody = t.Object({
  decision: t.Union([t.Literal("accept"), t.Literal("keep_open")], { error: 'decision must be "accept" or "keep_open"' }),
});

export const DocumentList = t.Array(DocumentDto);

export const BulkDueDateResponse = t.Object({ updated: t.Number(), documents: DocumentList });

export const DocumentCounts = t.Object({
  /** Requested documents (shared files are not counted). */
  total: t.Number(),
  approved: t.Number(),
  /** Uploaded and waiting for review. */
  underReview: t.Number(),
  /** Still waiting for the customer: requested, incomplete, re-submit, overdue. */
  awaitingUpload: t.Number(),
  overdue: t.Number(),
});
export type DocumentCounts = typeof DocumentCounts.static;
