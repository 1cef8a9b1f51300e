// A PDF judged by opening it, the way a viewer does: pdf.js (Firefox's reader) parses the file,
// so whatever Firefox opens (junk before `%PDF-`, odd producers, a damaged cross-reference table
// it can rebuild) is accepted, and what it cannot open is refused. Only an OPEN password stops
// pdf.js (PasswordException); a file that merely restricts printing or copying opens and passes.
//
// The worker module is imported by name and handed to pdf.js as its in-process ("fake") worker:
// no worker file to find at run time, so the compiled executable carries it too. Both load on
// the first PDF, not at start-up (the CLI's other commands never need them).

type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");
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

/** Opens the PDF bytes and its first page; never throws for a bad file, only describes it. */
export async function inspectPdf(bytes: Uint8Array): Promise<PdfInspection> {
  const { getDocument, PasswordException } = await pdfjs();
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
