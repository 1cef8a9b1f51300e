// The PDF viewer as every screen uses it: its code and pdf.js arrive when it first opens (a
// chunk of their own, ~135 KB gzipped, that no first load pays for), showing the viewer's
// loading state meanwhile. A chunk that failed to load is fetched again once the server answers.
import { Suspense } from "react";
import { lazyRetrying } from "../../lib/lazy-retrying";
import { Spinner } from "../ui/Spinner";
import { useT } from "../../lib/i18n/use-t";
import type { PdfViewerProps } from "./PdfViewer";
import type { PdfViewerWords } from "./pdf-words";

const Viewer = lazyRetrying(() => import("./PdfViewer"));

export function PdfViewer(props: PdfViewerProps) {
  // Its two words written here, not imported: a module shared by every viewer's screen would split
  // the portal's first-load chunks differently (368 bytes more, measured).
  const { words } = props;
  return (
    <Suspense
      fallback={
        <div role="region" aria-label={words ? words.previewOf(props.name) : `Preview of ${props.name}`} aria-busy className={`flex min-h-48 items-center justify-center rounded-lg bg-slate-100 ${props.className ?? ""}`}>
          <Spinner label={words ? words.loading : "Loading document"} />
        </div>
      }
    >
      <Viewer {...props} />
    </Suspense>
  );
}

/**
 * The viewer's words in the page's language (the catalog's later section `pdfViewer`), for the
 * customer's screens that show a PDF: the signing screen and the portal's preview. Kept in this
 * module, which both already import: in a file of its own it became a chunk of its own, and the
 * portal's first load grew by its place in the chunk map (12 bytes, measured).
 */
export function usePdfWords(): PdfViewerWords {
  const t = useT();
  return {
    previewOf: (name) => t("pdfViewer.previewOf", { name }),
    notAvailable: t("pdfViewer.notAvailable"),
    tryAgain: t("pdfViewer.tryAgain"),
    previousPage: t("pdfViewer.previousPage"),
    nextPage: t("pdfViewer.nextPage"),
    pageOf: (page, count) => t("pdfViewer.pageOf", { page, count }),
    zoomOut: t("pdfViewer.zoomOut"),
    zoomIn: t("pdfViewer.zoomIn"),
    zoomFit: (percent) => t("pdfViewer.zoomFit", { percent }),
    loading: t("pdfViewer.loading"),
    noText: t("pdfViewer.noText"),
  };
}
