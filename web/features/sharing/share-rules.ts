// What the Send Documents dialog checks before sending, with the server's own messages and
// numbers (src/shared), so a file the server would refuse is refused before it is uploaded.
import { acceptList, looksLike, SHARE_TYPES } from "@shared/files";
import { exceedsUploadLimit, megabytes, shareMessages, uploadMessages } from "@shared/validation";

export { shareMessages };

/** The file picker's accept list: extensions and types. */
export const SHARE_ACCEPT = acceptList(SHARE_TYPES);

/** SPEC 2: the accepted types, as the dialog lists them. */
export const SHARE_TYPES_HINT = "PDF, JPG, JPEG, PNG, MP4, MOV, AVI, MKV";

/** SPEC 2 "hint max 10MB each", with the server's configured limit. */
export const sizeHint = (maxBytes: number) => `max ${megabytes(maxBytes).replace(" ", "")} each`;

/** Why this file cannot be shared, or null when it may be sent. */
export function shareFileProblem(file: File, maxBytes: number): string | null {
  if (!looksLike(file, SHARE_TYPES)) return shareMessages.wrongType;
  if (exceedsUploadLimit(file.size, maxBytes)) return uploadMessages.tooLarge(maxBytes);
  if (file.size === 0) return `${file.name} is empty.`;
  return null;
}

/** The server's message for too many files in one share. */
export const tooManyFiles = (maxFiles: number) => `Send at most ${maxFiles} files at once.`;

/** Splits a "Title - text" message (SPEC 5) into a toast's title and description. */
export function titled(message: string): { title: string; description: string } {
  const [title, ...rest] = message.split(" - ");
  return { title: title!, description: rest.join(" - ") };
}

/**
 * Each file's share of one multipart upload's progress. The files travel in order in one request
 * (so the share stays all or nothing and each customer gets one email), so the bytes sent so far
 * fill the first file, then the second, and so on. Percent in, percent per file out.
 */
export function perFileProgress(sizes: readonly number[], overallPercent: number): number[] {
  const total = sizes.reduce((sum, size) => sum + size, 0);
  let sent = (Math.min(100, Math.max(0, overallPercent)) / 100) * total;
  return sizes.map((size) => {
    const part = size === 0 ? (overallPercent > 0 ? 1 : 0) : Math.min(1, sent / size);
    sent = Math.max(0, sent - size);
    return Math.round(part * 100);
  });
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** SPEC 8's success toast: shared n document(s) with n customer(s) and a consolidated email sent to each. */
export const sharedToast = (files: number, customers: number) =>
  `Shared ${plural(files, "document")} with ${plural(customers, "customer")} and a consolidated email sent to each.`;

/** SPEC 8's share failure: the server's text, else the generic words. */
export const shareFailure = (text: string) => (text ? `Failed to share documents: ${text}` : "Failed to share documents. Please try again.");
