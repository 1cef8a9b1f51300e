// A PDF judged by opening it, the way a viewer does: pdf.js (Firefox's reader) parses the file,
// so whatever Firefox opens (junk before `%PDF-`, odd producers, a damaged cross-reference table
// it can rebuild) is accepted, and what it cannot open is refused. Only an OPEN password stops
// pdf.js (PasswordException); a file that merely restricts printing or copying opens and passes.
//
// The worker module is imported by name and handed to pdf.js as its in-process ("fake") worker:
// no worker file to find at run time, so the compiled executable carries it too. Both load on
// the first PDF, not at start-up (the CLI's other commands never need them).

import { statSync } from "node:fs";
import { instanceState } from "../../lib/instance-state.ts";

type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");
type DocumentInit = Exclude<Parameters<PdfJs["getDocument"]>[0], string | URL | ArrayBuffer | Uint8Array | undefined>;
const pdf = instanceState("pdf.js", "per process", "the library, loaded once by the thread that opens PDFs", { loading: undefined as Promise<PdfJs> | undefined });

/** pdf.js itself, loaded once per thread (recognition reads text with the same library). */
export function pdfjs(): Promise<PdfJs> {
  pdf.loading ??= (async () => {
    // pdf.js replaces a `navigator` without `language` (Bun's has none) with a bare object, and
    // Bun's os.availableParallelism() reads navigator.hardwareConcurrency: after pdf.js loaded on
    // a thread, it said undefined there (CHECK_THREADS would be NaN). Given the language, pdf.js
    // keeps the runtime's navigator.
    if (globalThis.navigator && !globalThis.navigator.language) Object.defineProperty(globalThis.navigator, "language", { value: "en-US", configurable: true });
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = await import("pdfjs-dist/legacy/build/pdf.worker.mjs");
    // On Node-like runtimes pdf.js tries to load a native canvas for rendering, which we never
    // do (and which the compiled executable cannot carry); its warnings about that are noise.
    const warn = console.warn;
    console.warn = (...args: unknown[]) => {
      if (!/^Warning: Cannot (load "@napi-rs\/canvas"|polyfill)/.test(String(args[0]))) warn(...args);
    };
    try {
      return await import("pdfjs-dist/legacy/build/pdf.mjs");
    } finally {
      console.warn = warn;
    }
  })();
  return pdf.loading;
}

export type PdfInspection =
  | { readable: true; pageCount: number; restricted: boolean }
  | { readable: false; reason: "password" | "unreadable"; detail: string };

/**
 * Opens the PDF at `path` and its first page. The file is mapped into memory, not read: pdf.js
 * parses the cross-reference table at the end, the catalog and the first page, and only the
 * pages of the file it touches are ever loaded (a damaged file it must scan whole is loaded
 * whole). Handed a length and ranges instead (PDFDataRangeTransport, as over HTTP), pdf.js
 * allocates and zeroes a buffer the size of the whole file for the ranges it receives: 10 MB of
 * garbage per 10 MB statement, and an inspection took 9.4 ms against 2.5 ms mapped
 * (scripts/bench/uploads.ts has what it did to 50 such uploads at once). The mapping is private,
 * and the file is our own temporary file, which nothing else writes or truncates meanwhile.
 */
export async function inspectPdfFile(path: string): Promise<PdfInspection> {
  if (statSync(path).size === 0) return { readable: false, reason: "unreadable", detail: "The file is empty." };
  return inspect({ data: Bun.mmap(path, { shared: false }) });
}

/** Parse only: no scripts, no fonts handed to the system, nothing fetched. */
export const PARSE_ONLY = {
  useWorkerFetch: false,
  disableFontFace: true,
  useSystemFonts: false,
  enableXfa: false,
  stopAtErrors: false,
  verbosity: 0,
} as const satisfies Omit<DocumentInit, "data">;

/** Opens the document and its first page; never throws for a bad file, only describes it. */
async function inspect(source: Pick<DocumentInit, "data">): Promise<PdfInspection> {
  const { getDocument, PasswordException } = await pdfjs();
  const task = getDocument({ ...source, ...PARSE_ONLY });
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
