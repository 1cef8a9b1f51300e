// pdf.js, loaded only when a PDF is opened (with PdfViewer, in the chunk LazyPdfViewer loads):
// about 130 KB of gzipped JavaScript that no first load pays for. Its worker is the file pdfjs-dist
// ships, bundled as an asset of our own build and served by our own server (/assets/…), so a
// document never makes the browser ask another host for code.
import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from "pdfjs-dist";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs" with { type: "file" };

GlobalWorkerOptions.workerSrc = workerUrl;

/** A PDF to show: the URL it is read from (same origin, the session cookie goes along), or its bytes. */
export type PdfSource = string | Blob | Uint8Array;

export interface OpenedPdf {
  document: Promise<PDFDocumentProxy>;
  /** Stops loading or frees the document and its worker. */
  close(): void;
}

export function openPdf(source: PdfSource): OpenedPdf {
  let task: ReturnType<typeof getDocument> | null = null;
  let closed = false;
  const document = (async () => {
    const params =
      typeof source === "string"
        ? { url: new URL(source, window.location.href).href }
        : // pdf.js takes the bytes over to its worker, so it gets a copy of its own.
          { data: source instanceof Blob ? new Uint8Array(await source.arrayBuffer()) : source.slice() };
    if (closed) throw new Error("closed");
    // Pages are drawn here, on the page's canvases: never in a renderer worker, which would take
    // the canvases over (and needs a second script we do not ship).
    task = getDocument({ ...params, disableWorkerRendering: true });
    return task.promise;
  })();
  return {
    document,
    close() {
      closed = true;
      void task?.destroy();
    },
  };
}
