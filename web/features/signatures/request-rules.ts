// What the Request signature dialog checks before sending, in the server's own words where the
// server has them (src/shared), so a request the server would refuse is refused here first with a
// message that names what to fix. The server checks everything again.
import { looksLike } from "@shared/files";
import { fieldsProblem, signatureMessages, type SignerInput } from "@shared/signatures";
import { exceedsUploadLimit, uploadMessages } from "@shared/validation";
import type { PlacedField } from "./placement";
import type { SignatureTemplate } from "./templates-api";

export type SignerDraft = SignerInput;

/** A PDF already shared with the customer, offered as the document to sign. */
export interface SharedPdf {
  id: string;
  fileName: string;
  fileUrl: string;
}

/** The customer's shared PDFs (their Shared Documents card's files that are PDFs). */
export function sharedPdfsOf(documents: readonly { id: string; status: string; mimeType: string | null; fileUrl: string | null; originalName: string | null; name: string }[]): SharedPdf[] {
  return documents.flatMap((d) => (d.status === "shared" && d.mimeType === "application/pdf" && d.fileUrl ? [{ id: d.id, fileName: d.originalName ?? `${d.name}.pdf`, fileUrl: d.fileUrl }] : []));
}

/** What the PDF was taken from, besides an upload: a shared file's id, or a template (with its fields). */
export type PdfOrigin = { sharedId: string } | { template: SignatureTemplate } | null;

export const requestMessages = {
  noFile: "Choose the PDF to be signed.",
  emptyFile: "This PDF is empty. Choose another file.",
  noName: "Name the request: what the customer is asked to sign.",
  partialDueDate: "Choose both a due date and a time, or leave both empty.",
  pastDueDate: "The due date must be in the future.",
  notReadable: "This PDF could not be opened. Choose another file.",
  sharedNotReadable: "This shared file could not be opened. Choose another one, or upload the PDF.",
  templateNotReadable: "This template could not be opened. Choose another one, or upload the PDF.",
} as const;

/** Why this file cannot be sent for signing, or null. `maxBytes` is the server's upload limit when known. */
export function pdfProblem(file: File | null, maxBytes?: number): string | null {
  if (!file) return requestMessages.noFile;
  if (!looksLike(file, ["application/pdf"])) return signatureMessages.notPdf;
  if (file.size === 0) return requestMessages.emptyFile;
  if (maxBytes !== undefined && exceedsUploadLimit(file.size, maxBytes)) return uploadMessages.tooLarge(maxBytes);
  return null;
}

/** The fields against the signers (named in the message) and the document's pages. */
export function placementProblem(fields: readonly PlacedField[], signers: readonly SignerDraft[], pageCount: number | undefined): string | null {
  return fieldsProblem(fields, { signerCount: signers.length, pageCount, signerNames: signers.map((s) => s.name) });
}

/** The due date from its two inputs: none, a date, or why it cannot be used. */
export function dueDateProblem(day: string, time: string, parsed: Date | null, now: Date): string | null {
  if (!day && !time) return null;
  if (!parsed) return requestMessages.partialDueDate;
  return parsed.getTime() <= now.getTime() ? requestMessages.pastDueDate : null;
}
