// A customer's upload onto one of their documents: the file's way into the store around the
// "uploaded" transition (transitions/uploaded.ts).
import type { AppContext } from "../../context.ts";
import { newStorageKey } from "../../lib/storage.ts";
import { inTransaction, type Unit } from "../../lib/unit-of-work.ts";
import type { ReceivedFileData } from "../../lib/upload.ts";
import type { CheckReport } from "../../shared/acceptance-rules.ts";
import { takesUpload } from "../../shared/documents.ts";
import type { AuditActor } from "../audit/actor.ts";
import { findCustomerDocument, type DocumentRow } from "./service.ts";
import { markUploaded, notUploadable } from "./transitions/index.ts";

/** A received file, with what the document checks found (absent for files made by the demo). */
type UploadedFile = ReceivedFileData & { fields?: Record<string, string>; pageCount?: number | null; report?: CheckReport | null };

/** The customer's document if it awaits an upload now; 404 or 409 otherwise. */
export async function uploadableDocument(ctx: AppContext, customerIds: string[], documentId: string): Promise<DocumentRow> {
  const doc = await findCustomerDocument(ctx, customerIds, documentId);
  if (!takesUpload(doc)) throw notUploadable(doc);
  return doc;
}

/**
 * Stores a customer's upload on a document that awaits one: the finished temp file moves into the
 * file store, then the document is marked uploaded in one transaction.
 */
export async function attachUploadedFile(
  ctx: AppContext,
  input: {
    customerIds: string[];
    documentId: string;
    file: UploadedFile;
    actor?: AuditActor;
    /** More work of the caller's in the same transaction, on the uploaded document (a job that follows from it). */
    alsoInTransaction?: (unit: Unit, doc: DocumentRow) => Promise<void>;
  },
): Promise<DocumentRow> {
  const { file } = input;
  const doc = await uploadableDocument(ctx, input.customerIds, input.documentId);
  const key = newStorageKey();
  await ctx.files.adopt(file.tempPath, key);
  try {
    // Awaited here, so that a transaction that fails (a racing upload won) reaches the catch below
    // and the file just stored is removed; returned un-awaited, its rejection skipped the catch.
    return await inTransaction(ctx, async (unit) => {
      const uploaded = await markUploaded(ctx, unit, { doc, file: { ...file, storageKey: key }, actor: input.actor });
      await input.alsoInTransaction?.(unit, uploaded);
      return uploaded;
    });
  } catch (error) {
    await ctx.files.remove(key);
    throw error;
  }
}
