// A PDF judged by opening it, the way a viewer does: pdf.js (Firefox's reader) parses the file,
// so whatever Firefox opens (junk before `%PDF-`, odd producers, a damaged cross-reference table
// it can rebuild) is accepted, and what it cannot open is refused. Only an OPEN password stops
// pdf.js (PasswordException); a file that merely restricts printing or copying opens and passes.
//
// The worker module is imported by name and handed to pdf.js as its in-process ("fake") worker:
// no worker file to find at run time, so the compiled executable carries it too. Both load on
// the first PDF, not at start-up (the CLI's other commands never need them).

import { closeSync, fstatSync, openSync, readSync } from "node:fs";

type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");
type DocumentInit = Exclude<Parameters<PdfJs["getDocument"]>[0], string | URL | ArrayBuffer | Uint8Array | undefined>;
let loading: Promise<PdfJs> | undefined;

function pdfjs(): Promise<PdfJs> {
  loading ??= (async () => {
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
  return loading;
}

export type PdfInspection =
  | { readable: true; pageCount: number; restricted: boolean }
  | { readable: false; reason: "password" | "unreadable"; detail: string };

/** pdf.js asks for this much of the file at a time (its own default). */
const RANGE_CHUNK_BYTES = 64 * 1024;

/**
 * Opens the PDF at `path` and its first page, reading only the parts pdf.js asks for (the way
 * Firefox opens a PDF over HTTP range requests): the cross-reference table at the end, the
 * catalog, the first page. A 10 MB statement costs a few pages of memory, not 10 MB; a damaged
 * file that must be scanned whole is read whole, chunk by chunk, as pdf.js needs it.
 *
 * The reads are synchronous, and each range is handed back on a microtask: the file is our own
 * temporary file, just written (in the page cache), so a 64 KB read costs microseconds. Each
 * asynchronous file operation (open, stat, read, close) cost a turn of the event loop instead,
 * and on a busy server a turn is every other request's work: under 20 concurrent writers a
 * 50 KB PDF's check took 26 ms (p50) of waiting for 1 ms of pdf.js, and the uploads queued
 * behind it for the check slots took 200+ ms (scripts/bench/writes.ts).
 */
export async function inspectPdfFile(path: string): Promise<PdfInspection> {
  const { PDFDataRangeTransport } = await pdfjs();
  const fd = openSync(path, "r");
  try {
    const { size } = fstatSync(fd);
    const readRange = (begin: number, end: number) => {
      const chunk = new Uint8Array(Math.max(0, Math.min(end, size) - begin));
      let at = 0;
      while (at < chunk.length) {
        const bytesRead = readSync(fd, chunk, at, chunk.length - at, begin + at);
        if (bytesRead === 0) break;
        at += bytesRead;
      }
      return chunk;
    };
    const initial = readRange(0, Math.min(size, RANGE_CHUNK_BYTES));
    const transport = new PDFDataRangeTransport(size, initial);
    // Our own temporary file failing to read is the server's problem, not the customer's PDF:
    // pdf.js is answered with zeros so that it finishes (it would wait for the range forever),
    // and the read error is thrown, never reported as an unreadable file.
    let readError: { error: unknown } | null = null;
    transport.requestDataRange = (begin: number, end: number) => {
      let chunk: Uint8Array;
      try {
        chunk = readRange(begin, end);
      } catch (error) {
        readError ??= { error };
        chunk = new Uint8Array(Math.max(0, Math.min(end, size) - begin));
      }
      // Answered after pdf.js's request returns, as a network answer would be (never re-entrantly).
      queueMicrotask(() => transport.onDataRange(begin, chunk));
    };
    const inspection = await inspect({ range: transport, rangeChunkSize: RANGE_CHUNK_BYTES, disableAutoFetch: true, disableStream: true });
    if (readError) throw (readError as { error: unknown }).error;
    return inspection;
  } finally {
    closeSync(fd);
  }
}

/** Opens the document and its first page; never throws for a bad file, only describes it. */
async function inspect(source: Pick<DocumentInit, "range" | "rangeChunkSize" | "disableAutoFetch" | "disableStream">): Promise<PdfInspection> {
  const { getDocument, PasswordException } = await pdfjs();
  const task = getDocument({
    ...source,
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
