// A customer's upload onto one of their documents.
import { and, eq, sql } from "drizzle-orm";
import { timeParam } from "../../../db/dialect.ts";
import { given, preparedWrite } from "../../lib/prepared.ts";
import { documents, documentVersions } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import { newStorageKey } from "../../lib/storage.ts";
import { newId } from "../../lib/tokens.ts";
import { inTransaction } from "../../lib/unit-of-work.ts";
import type { ReceivedFileData } from "../../lib/upload.ts";
import type { CheckReport } from "../../shared/acceptance-rules.ts";
import { AWAITING_UPLOAD, canCustomerUpload, type DocumentStatus } from "../../shared/documents.ts";
import { customerContact, recordCustomerActivity } from "../customers/lookups.ts";
import { addBrokerNotification } from "../notifications/service.ts";
import { findCustomerDocument, statusIn, type DocumentRow } from "./service.ts";
import { recordAudit } from "../audit/service.ts";
import { linkGuestActor, type AuditActor } from "../audit/actor.ts";

const notUploadableMessage = (status: DocumentStatus) =>
  status === "uploaded"
    ? "This document has already been uploaded and is under review."
    : status === "approved"
      ? "This document has already been approved."
      : "Files cannot be uploaded for this document.";

/** A received file, with what the document checks found (absent for files made by the demo). */
type UploadedFile = ReceivedFileData & { fields?: Record<string, string>; pageCount?: number | null; report?: CheckReport | null };

/** The customer's document if it awaits an upload now; 404 or 409 otherwise. */
export async function uploadableDocument(ctx: AppContext, customerIds: string[], documentId: string): Promise<DocumentRow> {
  const doc = await findCustomerDocument(ctx, customerIds, documentId);
  if (!canCustomerUpload(doc.status)) throw new AppError("conflict", notUploadableMessage(doc.status));
  return doc;
}

// An upload's two statements on the document, prepared once; values bound as given (lib/prepared.ts).
const stillAwaiting = preparedWrite((tx) => tx.select().from(documents).where(and(eq(documents.id, sql.placeholder("documentId")), statusIn(AWAITING_UPLOAD))).prepare());
const fileAttached = preparedWrite((tx) =>
  tx
    .update(documents)
    .set({
      status: "uploaded",
      storageKey: given("storageKey"),
      originalName: given("originalName"),
      mimeType: given("mimeType"),
      fileSize: given("fileSize"),
      pageCount: given("pageCount"),
      checkReport: given("checkReport"),
      uploadedAt: given("uploadedAt"),
      verifiedAt: null,
      // A file answers the request; an earlier "I don't have this" no longer stands.
      unavailableReason: null,
      unavailableAt: null,
      stillNeededAt: null,
    })
    .where(eq(documents.id, sql.placeholder("documentId")))
    .returning()
    .prepare(),
);

/**
 * Stores a customer's upload on a document that awaits one: the finished temp file moves into the
 * file store, the document becomes "uploaded", a replaced file is kept as an earlier version,
 * and the invitation counts as accepted. All database changes happen in one transaction.
 */
export async function attachUploadedFile(
  ctx: AppContext,
  input: { customerIds: string[]; documentId: string; file: UploadedFile; actor?: AuditActor },
): Promise<DocumentRow> {
  const { file } = input;
  const doc = await uploadableDocument(ctx, input.customerIds, input.documentId);
  const key = newStorageKey();
  await ctx.files.adopt(file.tempPath, key);
  const now = ctx.clock.now();
  try {
    // Awaited here, so that a transaction that fails (a racing upload won) reaches the catch below
    // and the file just stored is removed; returned un-awaited, its rejection skipped the catch.
    return await inTransaction(ctx, async (unit) => {
      const { tx } = unit;
      // Re-checked inside the transaction: two uploads racing for one document, one wins.
      const previous = (await stillAwaiting(tx).execute({ documentId: doc.id }))[0];
      if (!previous) throw new AppError("conflict", notUploadableMessage("uploaded"));
      if (previous.storageKey) {
        await tx.insert(documentVersions)
          .values({
            id: newId(),
            documentId: doc.id,
            storageKey: previous.storageKey,
            originalName: previous.originalName,
            mimeType: previous.mimeType,
            fileSize: previous.fileSize,
            pageCount: previous.pageCount,
            checkReport: previous.checkReport,
            uploadedAt: previous.uploadedAt,
            replacedAt: now,
          });
      }
      const updated = (await fileAttached(tx).execute({
        documentId: doc.id,
        storageKey: key,
        originalName: file.originalName,
        mimeType: file.mimeType,
        fileSize: file.size,
        pageCount: file.pageCount ?? null,
        checkReport: file.report ? JSON.stringify(file.report) : null,
        uploadedAt: timeParam(now),
      }))[0]!;
      await recordCustomerActivity(tx, doc.customerId, now);
      await recordAudit(ctx, unit, { brokerId: doc.brokerId, customerId: doc.customerId, action: "uploaded", actor: input.actor ?? linkGuestActor(doc.customerId, null), document: doc, detail: file.originalName });
      const customer = await customerContact(ctx, doc.customerId, tx);
      await addBrokerNotification(unit, doc.brokerId, {
        type: "document_uploaded",
        title: "Document uploaded",
        message: `${customer?.name ?? "A customer"} uploaded ${doc.name}.`,
        metadata: { customerId: doc.customerId, documentId: doc.id },
      });
      unit.publish({ type: "document_uploaded", brokerId: doc.brokerId, customerId: doc.customerId, documentId: doc.id });
      return updated;
    });
  } catch (error) {
    await ctx.files.remove(key);
    throw error;
  }
}
