// A signature document's two changes (issue 41): sealed (every signer signed; the sealed PDF
// becomes its file and it counts as done, as an approved document does) and withdrawn (the request
// was voided or declined: it no longer asks anything of the customer, so its row goes, as a
// deleted request's does; the signature request keeps its status, reasons and audit entries).
import { and, eq } from "drizzle-orm";
import { documents } from "../../../../db/tables.ts";
import type { Unit } from "../../../lib/unit-of-work.ts";
import { AppError } from "../../../lib/errors.ts";
import { AWAITING_UPLOAD } from "../../../shared/documents.ts";
import { aboutCustomerById } from "../../customers/lookups.ts";
import { deleteDocumentRows, statusIn, type DocumentRow } from "../service.ts";

/** The sealed PDF, already in the file store under `storageKey`. */
export interface SealedFile {
  storageKey: string;
  fileName: string;
  size: number;
}

/** Sealed: the document holds the signed PDF and is done. 409 if it is no longer waiting (deleted, or changed under us). */
export async function markSealed(unit: Unit, input: { documentId: string; file: SealedFile }): Promise<DocumentRow> {
  const updated = (
    await unit.tx
      .update(documents)
      .set({
        status: "approved",
        storageKey: input.file.storageKey,
        originalName: input.file.fileName,
        mimeType: "application/pdf",
        fileSize: input.file.size,
        uploadedAt: unit.now,
        verifiedAt: unit.now,
      })
      .where(and(eq(documents.id, input.documentId), eq(documents.kind, "signature"), statusIn(AWAITING_UPLOAD)))
      .returning()
  )[0];
  if (!updated) throw new AppError("conflict", "This signature document no longer waits for its signed PDF.");
  unit.publish({ type: "document_status_changed", ...(await aboutCustomerById(unit.tx, updated.customerId)), documentIds: [updated.id] });
  return updated;
}

/** Withdrawn: the request was voided or declined, so the customer is no longer asked for it. */
export async function withdrawSignatureDocument(unit: Unit, doc: DocumentRow): Promise<void> {
  // A signature document has no file until sealed, and a sealed one is never withdrawn: no file to remove.
  await deleteDocumentRows(unit.tx, [doc]);
  unit.publish({ type: "document_status_changed", ...(await aboutCustomerById(unit.tx, doc.customerId)), documentIds: [doc.id] });
}
