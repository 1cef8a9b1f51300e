// A PDF judged by opening it, the way a viewer does: pdf.js (Firefox's reader) parses the file,
// so whatever Firefox opens (junk before `%PDF-`, odd producers, a damaged cross-reference table
// it can rebuild) is accepted, and what it cannot open is refused. Only an OPEN password stops
// pdf.js (PasswordException); a file that merely restricts printing or copying opens and passes.
//
// The worker module is imported statically and handed to pdf.js as its in-process ("fake")
// worker: no worker file to find at run time, so the compiled executable carries it too.
import * as pdfWorker from "pdfjs-dist/legacy/build/pdf.worker.mjs";
import { getDocument, PasswordException } from "pdfjs-dist/legacy/build/pdf.mjs";

(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = pdfWorker;

export type PdfInspection =
  | { readable: true; pageCount: number; restricted: boolean }
  | { readable: false; reason: "password" | "unreadable"; detail: string };

/** Opens the PDF bytes and its first page; never throws for a bad file, only describes it. */
export async function inspectPdf(bytes: Uint8Array): Promise<PdfInspection> {
  const task = getDocument({
    data: bytes,
    // Parse only: no scripts, no fonts handed to the system, nothing fetched.
    useWorkerFetch: false,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    // A file whose structure opens but whose pages do not is no use to a broker either.
    await doc.getPage(1);
    const permissions = await doc.getPermissions();
    return { readable: true, pageCount: doc.numPages, restricted: permissions !== null };
  } catch (error) {
    if (error instanceof PasswordException) return { readable: false, reason: "password", detail: error.message };
    return { readable: false, reason: "unreadable", detail: (error as Error)?.message ?? String(error) };
  } finally {
    await task.destroy().catch(() => {});
  }
}
