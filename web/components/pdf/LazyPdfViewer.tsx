// The PDF viewer as every screen uses it: its code and pdf.js arrive when it first opens (a
// chunk of their own, ~135 KB gzipped, that no first load pays for), showing the viewer's
// loading state meanwhile. A chunk that failed to load is fetched again once the server answers.
import { Suspense } from "react";
import { lazyRetrying } from "../../lib/lazy-retrying";
import { Spinner } from "../ui/Spinner";
import type { PdfViewerProps } from "./PdfViewer";
import { ENGLISH_PDF_WORDS } from "./pdf-words";

const Viewer = lazyRetrying(() => import("./PdfViewer"));

export function PdfViewer(props: PdfViewerProps) {
  const words = props.words ?? ENGLISH_PDF_WORDS;
  return (
    <Suspense
      fallback={
        <div role="region" aria-label={words.previewOf(props.name)} aria-busy className={`flex min-h-48 items-center justify-center rounded-lg bg-slate-100 ${props.className ?? ""}`}>
          <Spinner label={words.loading} />
        </div>
      }
    >
      <Viewer {...props} />
    </Suspense>
  );
}
