// What the Request signature dialog checks before sending, in the server's own words where the
// server has them (src/shared), so a request the server would refuse is refused here first with a
// message that names what to fix. The server checks everything again.
import { looksLike } from "@shared/files";
import { fieldsProblem, signatureMessages, signerNameProblem } from "@shared/signatures";
import { exceedsUploadLimit, isValidEmail, normalizeEmail, uploadMessages } from "@shared/validation";
import type { PlacedField } from "./placement";

export interface SignerDraft {
  name: string;
  email: string;
}

export const requestMessages = {
  noFile: "Choose the PDF to be signed.",
  emptyFile: "This PDF is empty. Choose another file.",
  noName: "Name the request: what the customer is asked to sign.",
  partialDueDate: "Choose both a due date and a time, or leave both empty.",
  pastDueDate: "The due date must be in the future.",
  notReadable: "This PDF could not be opened. Choose another file.",
} as const;

/** Why this file cannot be sent for signing, or null. `maxBytes` is the server's upload limit when known. */
export function pdfProblem(file: File | null, maxBytes?: number): string | null {
  if (!file) return requestMessages.noFile;
  if (!looksLike(file, ["application/pdf"])) return signatureMessages.notPdf;
  if (file.size === 0) return requestMessages.emptyFile;
  if (maxBytes !== undefined && exceedsUploadLimit(file.size, maxBytes)) return uploadMessages.tooLarge(maxBytes);
  return null;
}

/** The added signers (every one after the customer): names printable, emails valid and each once. */
export function signersProblem(signers: readonly SignerDraft[]): string | null {
  const seen = new Set<string>();
  for (const [i, signer] of signers.entries()) {
    const problem = signerNameProblem(signer.name, i);
    if (problem) return problem;
    const email = normalizeEmail(signer.email);
    if (!isValidEmail(email)) return `Signer ${i + 1}'s email is not a valid email address.`;
    if (seen.has(email)) return `${email} is listed as a signer more than once.`;
    seen.add(email);
  }
  return null;
}

/**
 * The fields against the signers and the document's pages. Each signer needs a signature field;
 * the message names them, since "signer 2" means little on a crowded page.
 */
export function placementProblem(fields: readonly PlacedField[], signers: readonly SignerDraft[], pageCount: number | undefined): string | null {
  if (fields.length > 0) {
    for (const [i, signer] of signers.entries()) {
      if (!fields.some((f) => f.signer === i && f.type === "signature")) {
        return `${signer.name.trim() || `Signer ${i + 1}`} has no signature field. Place a signature field for every signer.`;
      }
    }
  }
  return fieldsProblem(fields, { signerCount: signers.length, pageCount });
}

/** The due date from its two inputs: none, a date, or why it cannot be used. */
export function dueDateProblem(day: string, time: string, parsed: Date | null, now: Date): string | null {
  if (!day && !time) return null;
  if (!parsed) return requestMessages.partialDueDate;
  return parsed.getTime() <= now.getTime() ? requestMessages.pastDueDate : null;
}
