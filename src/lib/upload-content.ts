// An uploaded file judged by itself, not by what the client says: its type from its first bytes
// (magic numbers), its name cleaned so it is safe to show and to store as data.
import { fileTypeFromBuffer } from "file-type";
import { BIDI_CONTROLS, NAME_BREAKS } from "../shared/validation.ts";

/** How many of a file's first bytes the type is judged on. */
export const SNIFF_BYTES = 4100;
const MAX_NAME = 200;

/** How far into a file viewers look for `%PDF-` (Acrobat: the first 1024 bytes). */
const PDF_HEADER_WINDOW = 1024;

/**
 * The accepted type a file's first bytes show, or null. Real PDFs often carry junk (a mail
 * header, a byte-order mark) before `%PDF-`, which viewers skip; such a file counts as a PDF here
 * and the PDF check (pdf.js) decides whether it opens.
 */
export async function sniffType(head: Uint8Array, accept: readonly string[]): Promise<string | null> {
  const sniffed = await fileTypeFromBuffer(head);
  if (sniffed && accept.includes(sniffed.mime)) return sniffed.mime;
  if (!accept.includes("application/pdf")) return null;
  const window = Buffer.from(head.subarray(0, PDF_HEADER_WINDOW + 5));
  const header = window.indexOf("%PDF-");
  // No `%PDF-` at all: pdf.js (and so Firefox) still opens a file whose first bytes are PDF
  // objects ("1 0 obj"), as some producers and damaged copies write them. Such a file is a PDF
  // candidate; the PDF check (pdf.js) decides whether it opens.
  const start = header >= 0 ? header : window.toString("latin1").search(PDF_OBJECT);
  if (start < 0 || (header < 0 && sniffed)) return null;
  // Junk that is markup (an HTML page with a PDF after it, a byte-order mark before it or not) is
  // a polyglot, not a mail header or a printer's preamble: refused like any other HTML.
  if (/^(\xef\xbb\xbf)?\s*</.test(window.subarray(0, start).toString("latin1"))) return null;
  return "application/pdf";
}

/** The start of a PDF indirect object, "12 0 obj", near the top of a file without a header. */
const PDF_OBJECT = /(?:^|[\r\n])\s*\d{1,10}\s+\d{1,5}\s+obj\b/;

/** A file name safe to show and to store as data: no path, no control characters, bounded. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // Control characters, and the bidirectional overrides and isolates that make
  // "invoice\u202Efdp.exe" display as "invoiceexe.pdf".
  const clean = base.replace(BIDI_CONTROLS, "").replace(NAME_BREAKS, "").trim();
  return (clean || "file").slice(0, MAX_NAME);
}
