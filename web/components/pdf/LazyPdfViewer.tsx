// The PDF viewer as every screen uses it: its code and pdf.js arrive when it first opens (a
// chunk of their own, ~135 KB gzipped, that no first load pays for), showing the viewer's
// loading state meanwhile. A chunk that failed to load is fetched again once the server answers.
import { Suspense } from "react";
import { lazyRetrying } from "../../lib/lazy-retrying";
import { Spinner } from "../ui/Spinner";
import type { PdfViewerProps } from "./PdfViewer";

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
