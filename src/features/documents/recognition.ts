// What a document's file was read as (issue 42), kept beside the checks in its check report. Not a
// change of state (the status stays as the upload left it), so not a transition: the verdict is
// one more thing known about the file, and the broker's screen is told it arrived.
import { eq } from "drizzle-orm";
import { documents } from "../../../db/tables.ts";
import type { Unit } from "../../lib/unit-of-work.ts";
import type { Recognition } from "../../shared/recognition/verdict.ts";
import { aboutCustomerById } from "../customers/lookups.ts";
import type { DocumentRow } from "./service.ts";

/**
 * Keeps the verdict on the document whose current file is `storageKey`; a file replaced since it
 * was read (a newer upload) is not given the old file's verdict: null then.
 */
export async function keepRecognition(unit: Unit, input: { documentId: string; storageKey: string; recognition: Recognition }): Promise<DocumentRow | null> {
  const { tx } = unit;
  const doc = (await tx.select().from(documents).where(eq(documents.id, input.documentId)))[0];
  if (!doc || doc.storageKey !== input.storageKey || !doc.checkReport) return null;
  const updated = (await tx
    .update(documents)
    .set({ checkReport: { ...doc.checkReport, recognition: input.recognition } })
    .where(eq(documents.id, doc.id))
    .returning())[0]!;
  unit.publish({ type: "document_recognised", ...(await aboutCustomerById(tx, doc.customerId)), documentId: doc.id });
  return updated;
}
