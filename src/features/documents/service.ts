// Documents: what a broker requested of a customer, its review, its due date and its file.
// This feature owns the documents table; others call these functions.
import { startOfDay } from "date-fns";
import { and, asc, eq, gte, inArray, isNull, lte, ne, notInArray, sql } from "drizzle-orm";
import { documents, documentVersions } from "../../../db/schema.ts";
import type { AppContext } from "../../context.ts";
import { AppError, badRequest, notFound } from "../../lib/errors.ts";
import type { Writer } from "../../lib/jobs.ts";
import { newStorageKey } from "../../lib/storage.ts";
import { newId } from "../../lib/tokens.ts";
import type { ReceivedFile } from "../../lib/upload.ts";
import { displayName } from "../../shared/user-display.ts";
import type { PublicUser } from "../auth/model.ts";
import { customerContact, recordCustomerActivity } from "../customers/contact.ts";
import { queueEmail } from "../mail/service.ts";
import { addBrokerNotification, addCustomerNotification } from "../notifications/service.ts";
import { inTransaction } from "../../lib/unit-of-work.ts";
import { documentApprovedEmail, resubmitRequestEmail } from "../mail/templates.ts";
import type { DocumentCounts, DocumentDto } from "../../shared/api-types.ts";
import {
  canCustomerUpload,
  canVerify,
  isEligibleForBulkDueDate,
  MAX_DOCUMENT_DESCRIPTION_LENGTH,
  MAX_DOCUMENT_NAME_LENGTH,
  parseRequestedDocument,
  STATUS_LABELS,
  type CatalogueDocument,
  type DocumentStatus,
} from "../../shared/documents.ts";

export type DocumentRow = typeof documents.$inferSelect;

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toDocumentDto(doc: DocumentRow): DocumentDto {
  return {
    id: doc.id,
    customerId: doc.customerId,
    brokerId: doc.brokerId,
    name: doc.name,
    description: doc.description,
    status: doc.status,
    dueDate: iso(doc.dueDate),
    reminderAt: iso(doc.reminderAt),
    fileUrl: doc.storageKey ? `/api/documents/${doc.id}/download` : null,
    viewUrl: doc.storageKey ? `/api/documents/${doc.id}/view` : null,
    fileName: doc.originalName,
    originalName: doc.originalName,
    fileSize: doc.fileSize,
    mimeType: doc.mimeType,
    rejectionReason: doc.rejectionReason,
    adminComments: doc.adminComments,
    uploadedAt: iso(doc.uploadedAt),
    verifiedAt: iso(doc.verifiedAt),
    createdAt: doc.createdAt.toISOString(),
  };
}

/** A document of this broker's, or 404: another broker's id looks exactly like a missing one. */
export function findOwnedDocument(ctx: AppContext, brokerId: string, documentId: string): DocumentRow {
  const doc = ctx.db.select().from(documents).where(and(eq(documents.id, documentId), eq(documents.brokerId, brokerId))).get();
  if (!doc) throw notFound("Document not found");
  return doc;
}

export function listCustomerDocuments(ctx: AppContext, brokerId: string, customerId: string): DocumentRow[] {
  return ctx.db
    .select()
    .from(documents)
    .where(and(eq(documents.brokerId, brokerId), eq(documents.customerId, customerId)))
    .orderBy(asc(documents.createdAt), asc(documents.name))
    .all();
}

/** How many documents (shared files not counted) this broker has requested of the customer. */
export function countRequestedDocuments(ctx: AppContext, brokerId: string, customerId: string): number {
  return ctx.db
    .select({ n: sql<number>`count(*)` })
    .from(documents)
    .where(and(eq(documents.brokerId, brokerId), eq(documents.customerId, customerId), ne(documents.status, "shared")))
    .get()!.n;
}

/** Still waiting for the customer (the SQL twin of canCustomerUpload in src/shared/documents.ts). */
const waiting = sql`${documents.status} in ('requested', 'incomplete', 'need_to_resubmit', 'overdue')`;
const countIf = (condition: ReturnType<typeof sql>) => sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;

/** The count columns of DocumentCounts; shared files are filtered out by the callers' WHERE. */
function countColumns(now: Date) {
  return {
    total: sql<number>`count(*)`,
    approved: countIf(sql`${documents.status} = 'approved'`),
    underReview: countIf(sql`${documents.status} = 'uploaded'`),
    awaitingUpload: countIf(waiting),
    overdue: countIf(sql`${waiting} and ${documents.dueDate} < ${now.getTime()}`),
  };
}

/** Per-customer counts for a broker's whole list in one grouped query. */
export function documentCountsByCustomer(ctx: AppContext, brokerId: string, now: Date): Map<string, DocumentCounts> {
  const rows = ctx.db
    .select({ customerId: documents.customerId, ...countColumns(now) })
    .from(documents)
    .where(and(eq(documents.brokerId, brokerId), ne(documents.status, "shared")))
    .groupBy(documents.customerId)
    .all();
  return new Map(rows.map(({ customerId, ...counts }) => [customerId, counts]));
}

export function documentCounts(ctx: AppContext, brokerId: string, customerId: string, now: Date): DocumentCounts {
  return ctx.db
    .select(countColumns(now))
    .from(documents)
    .where(and(eq(documents.brokerId, brokerId), eq(documents.customerId, customerId), ne(documents.status, "shared")))
    .get()!;
}

export interface NewDocuments {
  brokerId: string;
  customerId: string;
  documents: CatalogueDocument[];
  dueDate: Date | null;
  reminderAt: Date | null;
}

/** Adds requested documents inside the caller's transaction. */
export function insertRequestedDocuments(tx: Writer, input: NewDocuments): DocumentRow[] {
  if (input.documents.length === 0) return [];
  return tx
    .insert(documents)
    .values(
      input.documents.map((d) => ({
        id: newId(),
        brokerId: input.brokerId,
        customerId: input.customerId,
        name: d.name,
        description: d.description,
        status: "requested" as const,
        dueDate: input.dueDate,
        reminderAt: input.reminderAt,
      })),
    )
    .returning()
    .all();
}

/** Names (lower-cased) of what this broker already requested of the customer, shared files aside. */
export function requestedNames(ctx: AppContext, brokerId: string, customerId: string): Set<string> {
  return new Set(
    listCustomerDocuments(ctx, brokerId, customerId)
      .filter((d) => d.status !== "shared")
      .map((d) => d.name.toLowerCase()),
  );
}

const MAX_DUE_AHEAD_MS = 366 * 24 * 60 * 60 * 1000;

function parseDate(value: string, field: string): Date {
  const date = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(date.getTime())) {
    throw badRequest(`${field} must be a date and time, such as 2026-12-01T17:00:00Z`);
  }
  return date;
}

/** Reads an optional due date and reminder time: the due date in the future and within 365 days, the reminder before it. */
export function parseDueDates(
  input: { dueDate?: string | null; reminderTime?: string | null },
  now: Date,
  options: { required?: boolean } = {},
): { dueDate: Date | null; reminderAt: Date | null } {
  if (!input.dueDate) {
    if (options.required) throw badRequest("dueDate is required");
    if (input.reminderTime) throw badRequest("A reminder needs a due date");
    return { dueDate: null, reminderAt: null };
  }
  const dueDate = parseDate(input.dueDate, "dueDate");
  if (dueDate.getTime() <= now.getTime()) throw badRequest("The due date must be in the future");
  if (dueDate.getTime() - now.getTime() > MAX_DUE_AHEAD_MS) throw badRequest("Due time cannot exceed 365 days");
  const reminderAt = input.reminderTime ? parseDate(input.reminderTime, "reminderTime") : null;
  if (reminderAt && reminderAt.getTime() >= dueDate.getTime()) throw badRequest("The reminder must be before the due date");
  return { dueDate, reminderAt };
}

/**
 * Reads requested-document entries (standard names or `custom:{name}:{description}`), refusing
 * blank or over-long names and the same name twice.
 */
export function parseDocumentEntries(entries: string[]): CatalogueDocument[] {
  const seen = new Set<string>();
  return entries.map((entry) => {
    const { name, description } = parseRequestedDocument(entry);
    if (!name) throw badRequest("Document names cannot be blank");
    if (name.length > MAX_DOCUMENT_NAME_LENGTH) throw badRequest(`Document names must be at most ${MAX_DOCUMENT_NAME_LENGTH} characters`);
    if (description.length > MAX_DOCUMENT_DESCRIPTION_LENGTH) {
      throw badRequest(`Document descriptions must be at most ${MAX_DOCUMENT_DESCRIPTION_LENGTH} characters`);
    }
    const key = name.toLowerCase();
    if (seen.has(key)) throw badRequest(`${name} is listed more than once`);
    seen.add(key);
    return { name, description };
  });
}

export interface VerifyInput {
  status: "approved" | "rejected";
  comments?: string | null;
  rejectionReason?: string | null;
}

/**
 * Approve, or ask for a re-submit (stored as need_to_resubmit with the reason). The customer's
 * email about it is queued in the same transaction.
 */
export function verifyDocument(ctx: AppContext, broker: PublicUser, documentId: string, input: VerifyInput): DocumentRow {
  const doc = findOwnedDocument(ctx, broker.id, documentId);
  const reason = input.rejectionReason?.trim() ?? "";
  const comments = input.comments?.trim() || null;
  if (input.status === "rejected" && !reason) throw badRequest("Please give a reason for the re-submit request");

  if (!canVerify(doc.status, Boolean(doc.storageKey))) {
    const why =
      doc.status === "shared"
        ? "Shared documents are not reviewed."
        : doc.status === "approved"
          ? "This document is already approved."
          : "This document has no uploaded file to review yet.";
    throw new AppError("conflict", why);
  }
  const now = ctx.clock.now();
  const changes =
    input.status === "approved"
      ? { status: "approved" as const, verifiedAt: now, adminComments: comments, rejectionReason: null }
      : { status: "need_to_resubmit" as const, verifiedAt: null, adminComments: comments, rejectionReason: reason };
  return inTransaction(ctx, (unit) => {
    const { tx } = unit;
    const updated = tx.update(documents).set(changes).where(eq(documents.id, doc.id)).returning().get()!;
    const customer = customerContact(ctx, doc.customerId, tx);
    const approved = input.status === "approved";
    if (customer) {
      const people = { customerName: customer.name, brokerName: displayName(broker), uploadUrl: customer.uploadUrl, documentName: doc.name };
      const content = approved ? documentApprovedEmail(people) : resubmitRequestEmail({ ...people, reason });
      const kind = approved ? "document_approved" : "resubmit_request";
      queueEmail(ctx, tx, { kind, to: customer.email, dedupeKey: `${kind}:${doc.id}:${now.getTime()}`, ...content });
      addBrokerNotification(unit, broker.id, {
        type: "document_verified",
        title: approved ? "Document approved" : "Re-submit requested",
        message: approved ? `${doc.name} from ${customer.name} was approved.` : `${customer.name} was asked to re-submit ${doc.name}.`,
        metadata: { customerId: doc.customerId, documentId: doc.id },
      });
    }
    addCustomerNotification(unit, doc.customerId, {
      type: "document_verified",
      brokerId: broker.id,
      title: approved ? "Document approved" : "Please re-submit a document",
      message: approved ? `${doc.name} was approved.` : `${doc.name} needs to be uploaded again: ${reason}`,
      metadata: { documentId: doc.id },
    });
    unit.publish({ type: "document_verified", brokerId: broker.id, customerId: doc.customerId, documentId: doc.id, status: updated.status });
    return updated;
  });
}

/** A new due date: its reminder is due again, and an overdue document is waiting again. */
function dueDateChanges(doc: DocumentRow, dueDate: Date, reminderAt: Date | null, now: Date) {
  const back = doc.status === "overdue" && dueDate > now ? { status: "requested" as const } : {};
  return { dueDate, reminderAt, reminderSentAt: null, ...back };
}

function assertDueDateChangeable(doc: DocumentRow) {
  if (doc.status === "approved") throw new AppError("conflict", "Approved documents have no due date to change.");
  if (doc.status === "shared") throw new AppError("conflict", "Shared documents have no due date.");
}

export function setDueDate(ctx: AppContext, brokerId: string, documentId: string, dueDate: Date, reminderAt: Date | null): DocumentRow {
  const doc = findOwnedDocument(ctx, brokerId, documentId);
  assertDueDateChangeable(doc);
  return inTransaction(ctx, ({ tx, publish }) => {
    publish({ type: "document_status_changed", brokerId, customerId: doc.customerId, documentIds: [doc.id] });
    return tx.update(documents).set(dueDateChanges(doc, dueDate, reminderAt, ctx.clock.now())).where(eq(documents.id, doc.id)).returning().get()!;
  });
}

/** Sets one due date on several documents, all or none. */
export function setBulkDueDate(ctx: AppContext, brokerId: string, ids: string[], dueDate: Date, reminderAt: Date | null): DocumentRow[] {
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw badRequest("Please select at least one document");
  const found = ctx.db
    .select()
    .from(documents)
    .where(and(eq(documents.brokerId, brokerId), inArray(documents.id, unique)))
    .all();
  if (found.length !== unique.length) throw notFound("Some of the selected documents were not found");
  const ineligible = found.filter((d) => !isEligibleForBulkDueDate(d.status));
  if (ineligible.length) {
    const list = ineligible.map((d) => `${d.name} (${STATUS_LABELS[d.status]})`).join(", ");
    throw new AppError("conflict", `Only documents still waiting for the customer can get a new due date: ${list}`);
  }
  return inTransaction(ctx, ({ tx, publish }) => {
    for (const customerId of new Set(found.map((d) => d.customerId))) {
      const ids = found.filter((d) => d.customerId === customerId).map((d) => d.id);
      publish({ type: "document_status_changed", brokerId, customerId, documentIds: ids });
    }
    return found.map((doc) => tx.update(documents).set(dueDateChanges(doc, dueDate, reminderAt, ctx.clock.now())).where(eq(documents.id, doc.id)).returning().get()!);
  });
}

/**
 * Deletes documents (in the caller's transaction) and returns the storage keys of their files and
 * earlier versions; the caller removes those files once the transaction has committed.
 */
export function deleteDocumentRows(tx: Writer, rows: DocumentRow[]): string[] {
  if (rows.length === 0) return [];
  const ids = rows.map((d) => d.id);
  const versionKeys = tx
    .select({ key: documentVersions.storageKey })
    .from(documentVersions)
    .where(inArray(documentVersions.documentId, ids))
    .all()
    .map((v) => v.key);
  tx.delete(documents).where(inArray(documents.id, ids)).run();
  return [...rows.flatMap((d) => (d.storageKey ? [d.storageKey] : [])), ...versionKeys];
}

export function removeFiles(ctx: AppContext, keys: string[]): void {
  for (const key of keys) ctx.files.remove(key);
}

/** Removes a document, then its files; the customer is told. */
export function deleteDocument(ctx: AppContext, brokerId: string, documentId: string): DocumentRow {
  const doc = findOwnedDocument(ctx, brokerId, documentId);
  const keys = inTransaction(ctx, (unit) => {
    addCustomerNotification(unit, doc.customerId, {
      type: "document_deleted",
      brokerId,
      title: doc.status === "shared" ? "Shared document removed" : "Document request removed",
      message: `${doc.name} was removed by your broker.`,
      metadata: { documentId: doc.id },
    });
    unit.publish({ type: "document_status_changed", brokerId, customerId: doc.customerId, documentIds: [doc.id] });
    return deleteDocumentRows(unit.tx, [doc]);
  });
  removeFiles(ctx, keys);
  return doc;
}

/** The dashboard's counts for one broker. "Today" is the server's local day. */
export function documentMetrics(ctx: AppContext, brokerId: string, now: Date) {
  return ctx.db
    .select({
      pendingDocs: countIf(sql`${documents.status} not in ('approved', 'shared')`),
      overdueDocs: countIf(sql`${waiting} and ${documents.dueDate} < ${now.getTime()}`),
      completedToday: countIf(sql`${documents.status} = 'approved' and ${documents.verifiedAt} >= ${startOfDay(now).getTime()}`),
    })
    .from(documents)
    .where(eq(documents.brokerId, brokerId))
    .get()!;
}

export type DashboardList = "pending" | "completed" | "shared";

/** Documents for the dashboard's lists: pending (not approved, not shared), approved today, shared. */
export function dashboardDocuments(ctx: AppContext, brokerId: string, list: DashboardList, now: Date): DocumentRow[] {
  const which =
    list === "pending"
      ? notInArray(documents.status, ["approved", "shared"])
      : list === "completed"
        ? and(eq(documents.status, "approved"), gte(documents.verifiedAt, startOfDay(now)))
        : eq(documents.status, "shared");
  return ctx.db
    .select()
    .from(documents)
    .where(and(eq(documents.brokerId, brokerId), which))
    .orderBy(asc(documents.dueDate), asc(documents.createdAt))
    .all();
}

/** Documents the customer still owes, which reminders are about (one customer, or all of a broker's). */
export function documentsAwaitingUpload(ctx: AppContext, brokerId: string, customerId?: string): DocumentRow[] {
  return ctx.db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.brokerId, brokerId),
        customerId ? eq(documents.customerId, customerId) : undefined,
        inArray(documents.status, ["requested", "incomplete", "overdue"]),
      ),
    )
    .orderBy(asc(documents.customerId), asc(documents.createdAt))
    .all();
}

/** Every document of a customer, from every broker they work with (the customer portal's list). */
export function listDocumentsOfCustomer(ctx: AppContext, customerId: string): DocumentRow[] {
  return ctx.db.select().from(documents).where(eq(documents.customerId, customerId)).orderBy(asc(documents.createdAt), asc(documents.name)).all();
}

export function findCustomerDocument(ctx: AppContext, customerId: string, documentId: string): DocumentRow {
  const doc = ctx.db.select().from(documents).where(and(eq(documents.id, documentId), eq(documents.customerId, customerId))).get();
  if (!doc) throw notFound("Document not found");
  return doc;
}

const notUploadableMessage = (status: DocumentStatus) =>
  status === "uploaded"
    ? "This document has already been uploaded and is under review."
    : status === "approved"
      ? "This document has already been approved."
      : "Files cannot be uploaded for this document.";

/** The customer's document if it awaits an upload now; 404 or 409 otherwise. */
export function uploadableDocument(ctx: AppContext, customerId: string, documentId: string): DocumentRow {
  const doc = findCustomerDocument(ctx, customerId, documentId);
  if (!canCustomerUpload(doc.status)) throw new AppError("conflict", notUploadableMessage(doc.status));
  return doc;
}

/**
 * Stores a customer's upload on a document that awaits one: the finished temp file moves into the
 * file store, the document becomes "uploaded", a replaced file is kept as an earlier version,
 * and the invitation counts as accepted. All database changes happen in one transaction.
 */
export function attachUploadedFile(
  ctx: AppContext,
  input: { customerId: string; documentId: string; file: ReceivedFile },
): DocumentRow {
  const { file } = input;
  const doc = uploadableDocument(ctx, input.customerId, input.documentId);
  const key = newStorageKey();
  ctx.files.adopt(file.tempPath, key);
  const now = ctx.clock.now();
  try {
    return inTransaction(ctx, (unit) => {
      const { tx } = unit;
      // Re-checked inside the transaction: two uploads racing for one document, one wins.
      const previous = tx
        .select()
        .from(documents)
        .where(and(eq(documents.id, doc.id), inArray(documents.status, ["requested", "incomplete", "need_to_resubmit", "overdue"])))
        .get();
      if (!previous) throw new AppError("conflict", notUploadableMessage("uploaded"));
      if (previous.storageKey) {
        tx.insert(documentVersions)
          .values({
            id: newId(),
            documentId: doc.id,
            storageKey: previous.storageKey,
            originalName: previous.originalName,
            mimeType: previous.mimeType,
            fileSize: previous.fileSize,
            uploadedAt: previous.uploadedAt,
            replacedAt: now,
          })
          .run();
      }
      const updated = tx
        .update(documents)
        .set({ status: "uploaded", storageKey: key, originalName: file.originalName, mimeType: file.mimeType, fileSize: file.size, uploadedAt: now, verifiedAt: null })
        .where(eq(documents.id, doc.id))
        .returning()
        .get()!;
      recordCustomerActivity(tx, input.customerId, now, doc.brokerId);
      const customer = customerContact(ctx, input.customerId, tx);
      addBrokerNotification(unit, doc.brokerId, {
        type: "document_uploaded",
        title: "Document uploaded",
        message: `${customer?.name ?? "A customer"} uploaded ${doc.name}.`,
        metadata: { customerId: input.customerId, documentId: doc.id },
      });
      unit.publish({ type: "document_uploaded", brokerId: doc.brokerId, customerId: input.customerId, documentId: doc.id });
      return updated;
    });
  } catch (error) {
    ctx.files.remove(key);
    throw error;
  }
}

/** Documents still waiting whose due time has passed become overdue; returns them. */
export function markOverdue(now: Date, unit: { tx: Writer }): DocumentRow[] {
  return unit.tx
    .update(documents)
    .set({ status: "overdue" })
    .where(and(inArray(documents.status, ["requested", "incomplete"]), lte(documents.dueDate, now)))
    .returning()
    .all();
}

/** Documents whose reminder time has come and that still wait for the customer, claimed once. */
export function claimDueReminders(now: Date, unit: { tx: Writer }): DocumentRow[] {
  return unit.tx
    .update(documents)
    .set({ reminderSentAt: now })
    .where(
      and(
        lte(documents.reminderAt, now),
        isNull(documents.reminderSentAt),
        inArray(documents.status, ["requested", "incomplete", "need_to_resubmit", "overdue"]),
      ),
    )
    .returning()
    .all();
}
