// The app's own PDF viewer: pdf.js draws each page on a canvas inside the page, so a PDF shows
// the same on every browser (phones that show no PDF in a frame too) while the file itself is
// only ever served as a sandboxed document (src/lib/http.ts). Reusable: give it a source, it
// reports each page's size, and `pageOverlay` draws on top of a page (signature fields, later).
// This module and pdf.js are one chunk, loaded when a viewer opens: use it through
// LazyPdfViewer.tsx, never by a static import.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from "react";
import { ChevronDown, ChevronUp, FileQuestion, ZoomIn, ZoomOut } from "lucide-react";
import type { PDFDocumentProxy, RenderTask } from "pdfjs-dist";
import { Button } from "../ui/Button";
import { Spinner } from "../ui/Spinner";
import { ENGLISH_PDF_WORDS, type PdfViewerWords } from "./pdf-words";
import { openPdf, type OpenedPdf, type PdfSource } from "./pdfjs";

/** A page's size in PDF points (1/72 inch) at 100 %, rotation applied. */
export interface PdfPageSize {
  width: number;
  height: number;
}

export interface PdfPageOverlay {
  /** 0-based. */
  index: number;
  size: PdfPageSize;
  /** CSS pixels per PDF point as the page is drawn now. */
  scale: number;
}

export interface PdfViewerProps {
  source: PdfSource;
  /** The file's name: the viewer's accessible name is "Preview of {name}". */
  name: string;
  /** Shown under "Preview not available" when the file cannot be drawn (a download link). */
  fallback?: ReactNode;
  onLoad?: (document: { pageSizes: PdfPageSize[] }) => void;
  pageOverlay?: (page: PdfPageOverlay) => ReactNode;
  className?: string;
  /** Its labels in the screen's language (English by default). */
  words?: PdfViewerWords;
}

/** Zoom relative to the page's width fitting the viewer; 1 is fit-to-width. */
const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];
/** The scroller's padding (p-2) on each side, which fit-to-width leaves free. */
const GUTTER = 8;

export default function PdfViewer({ source, name, fallback, onLoad, pageOverlay, className, words = ENGLISH_PDF_WORDS }: PdfViewerProps) {
  const [attempt, setAttempt] = useState(0);
  const loaded = usePdf(source, attempt);
  const scroller = useRef<HTMLDivElement>(null);
  const width = useWidth(scroller);
  const [zoom, setZoom] = useState(1);
  const [current, setCurrent] = useState(1);

  useEffect(() => {
    if (loaded.status === "ready") onLoad?.({ pageSizes: loaded.sizes });
    // Reported once per document, not again when the caller passes a new callback.
  }, [loaded]);

  // Zooming keeps the same part of the document in view.
  const scrollShare = useRef(0);
  const zoomTo = (next: number) => {
    const el = scroller.current;
    if (el) scrollShare.current = el.scrollTop / Math.max(1, el.scrollHeight);
    setZoom(next);
  };
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = scrollShare.current * el.scrollHeight;
  }, [zoom]);

  const pageCount = loaded.status === "ready" ? loaded.sizes.length : 0;
  const goTo = (page: number) => {
    const el = scroller.current?.querySelector<HTMLElement>(`[data-page="${page}"]`);
    if (el && scroller.current) scroller.current.scrollTo({ top: el.offsetTop - GUTTER });
    setCurrent(page);
  };
  const onScroll = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    // The page under the top third of the viewer is the one being read.
    const line = el.scrollTop + el.clientHeight / 3;
    let page = 1;
    for (const holder of el.querySelectorAll<HTMLElement>("[data-page]")) if (holder.offsetTop <= line) page = Number(holder.dataset.page);
    setCurrent(page);
  }, []);

  const zoomIndex = ZOOMS.indexOf(zoom);
  const zoomIn = () => zoomIndex < ZOOMS.length - 1 && zoomTo(ZOOMS[zoomIndex + 1]!);
  const zoomOut = () => zoomIndex > 0 && zoomTo(ZOOMS[zoomIndex - 1]!);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const action = { "+": zoomIn, "=": zoomIn, "-": zoomOut, "0": () => zoomTo(1) }[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  if (loaded.status === "failed") {
    return (
      <div
        role="region"
        aria-label={words.previewOf(name)}
        className={`flex flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-slate-300 px-4 py-12 text-center ${className ?? ""}`}
      >
        <FileQuestion aria-hidden="true" className="size-10 text-slate-400" />
        <p className="font-medium text-slate-900">{words.notAvailable}</p>
        {fallback}
        <Button variant="link" size="sm" onPress={() => setAttempt((n) => n + 1)}>
          {words.tryAgain}
        </Button>
      </div>
    );
  }
  return (
    <div className={`flex min-h-0 flex-col gap-2 ${className ?? ""}`}>
      {loaded.status === "ready" ? (
        <div className="flex flex-wrap items-center justify-between gap-1">
          <div className="flex items-center gap-1">
            <Button variant="ghost" size="icon" aria-label={words.previousPage} isDisabled={current <= 1} onPress={() => goTo(current - 1)}>
              <ChevronUp aria-hidden="true" className="size-5" />
            </Button>
            <span className="min-w-20 text-center text-sm text-slate-700 tabular-nums">
              {words.pageOf(current, pageCount)}
            </span>
            <Button variant="ghost" size="icon" aria-label={words.nextPage} isDisabled={current >= pageCount} onPress={() => goTo(current + 1)}>
              <ChevronDown aria-hidden="true" className="size-5" />
            </Button>
          </div>
          <div className="flex items-center gap-1">
            <Button variant="ghost" size="icon" aria-label={words.zoomOut} aria-keyshortcuts="-" isDisabled={zoomIndex === 0} onPress={zoomOut}>
              <ZoomOut aria-hidden="true" className="size-5" />
            </Button>
            <Button variant="ghost" size="sm" aria-label={words.zoomFit(Math.round(zoom * 100))} aria-keyshortcuts="0" onPress={() => zoomTo(1)}>
              {Math.round(zoom * 100)}%
            </Button>
            <Button variant="ghost" size="icon" aria-label={words.zoomIn} aria-keyshortcuts="+" isDisabled={zoomIndex === ZOOMS.length - 1} onPress={zoomIn}>
              <ZoomIn aria-hidden="true" className="size-5" />
            </Button>
          </div>
        </div>
      ) : null}
      {/* Focusable, so arrow keys, Page Up/Down and Home/End scroll it, and + / - / 0 zoom. */}
      <div
        ref={scroller}
        role="region"
        aria-label={words.previewOf(name)}
        aria-busy={loaded.status === "loading"}
        tabIndex={0}
        onScroll={onScroll}
        onKeyDown={onKeyDown}
        className="relative min-h-48 flex-1 overflow-auto rounded-lg bg-slate-100 p-2 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
      >
        {loaded.status === "loading" ? (
          <div className="flex h-full min-h-48 items-center justify-center">
            <Spinner label={words.loading} />
          </div>
        ) : (
          <div className="flex w-max min-w-full flex-col gap-2">
            {width > 0
              ? loaded.sizes.map((size, index) => (
                  <PdfPage
                    key={index}
                    pdf={loaded.pdf}
                    index={index}
                    count={loaded.sizes.length}
                    size={size}
                    scale={((width - 2 * GUTTER) / size.width) * zoom}
                    scroller={scroller}
                    overlay={pageOverlay}
                    words={words}
                  />
                ))
              : null}
          </div>
        )}
      </div>
    </div>
  );
}

type Loaded = { status: "loading" } | { status: "failed" } | { status: "ready"; pdf: PDFDocumentProxy; sizes: PdfPageSize[] };

/** Loads the document and each page's size. */
function usePdf(source: PdfSource, attempt: number): Loaded {
  const [loaded, setLoaded] = useState<Loaded>({ status: "loading" });
  useEffect(() => {
    let cancelled = false;
    let opened: OpenedPdf | null = null;
    setLoaded({ status: "loading" });
    opened = openPdf(source);
    opened.document
      .then(async (pdf) => {
        const sizes = await Promise.all(
          Array.from({ length: pdf.numPages }, async (_, i) => {
            const { width, height } = (await pdf.getPage(i + 1)).getViewport({ scale: 1 });
            return { width, height };
          }),
        );
        if (!cancelled) setLoaded({ status: "ready", pdf, sizes });
      })
      // A file pdf.js cannot open (damaged, a password), or one that could not be fetched.
      .catch(() => !cancelled && setLoaded({ status: "failed" }));
    return () => {
      cancelled = true;
      opened?.close();
    };
  }, [source, attempt]);
  return loaded;
}

/** The element's inner width, kept current. */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** Whether the element is within a screen's height of the scroller's view: only those pages are drawn. */
function useNear(ref: RefObject<HTMLElement | null>, root: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(typeof IntersectionObserver === "undefined");
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(([entry]) => setNear(Boolean(entry?.isIntersecting)), { root: root.current, rootMargin: "100% 0px" });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, root]);
  return near;
}

function PdfPage({
  pdf,
  index,
  count,
  words,
  size,
  scale,
  scroller,
  overlay,
}: {
  pdf: PDFDocumentProxy;
  index: number;
  count: number;
  words: PdfViewerWords;
  size: PdfPageSize;
  scale: number;
  scroller: RefObject<HTMLDivElement | null>;
  overlay?: (page: PdfPageOverlay) => ReactNode;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const near = useNear(holder, scroller);
  const [text, setText] = useState<string | null>(null);

  useEffect(() => {
    const target = canvas.current;
    if (!target) return;
    if (!near) {
      // A page far out of view gives its pixels back (a long PDF would hold hundreds of MB).
      target.width = target.height = 0;
      return;
    }
    let task: RenderTask | null = null;
    let cancelled = false;
    void pdf
      .getPage(index + 1)
      .then((page) => {
        if (cancelled) return;
        // Sharp on a phone's dense screen, but at most 2 device pixels per CSS pixel.
        const viewport = page.getViewport({ scale: scale * Math.min(window.devicePixelRatio || 1, 2) });
        target.width = Math.floor(viewport.width);
        target.height = Math.floor(viewport.height);
        task = page.render({ canvas: target, viewport });
        return task.promise;
      })
      .catch(() => {}); // a render cancelled by zooming or scrolling away; a broken page stays blank
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, index, scale, near]);

  // The page's words, for screen readers: the text alternative of the drawn canvas.
  useEffect(() => {
    if (!near || text !== null) return;
    let cancelled = false;
    pdf
      .getPage(index + 1)
      .then((page) => page.getTextContent())
      .then((content) => {
        const words = content.items.map((item) => ("str" in item ? item.str : "")).join(" ");
        if (!cancelled) setText(words.replace(/\s+/g, " ").trim());
      })
      .catch(() => !cancelled && setText(""));
    return () => {
      cancelled = true;
    };
  }, [pdf, index, near, text]);

  return (
    <div
      ref={holder}
      role="group"
      aria-label={words.pageOf(index + 1, count)}
      data-page={index + 1}
      className="relative mx-auto shrink-0 bg-white shadow-sm"
      style={{ width: Math.floor(size.width * scale), height: Math.floor(size.height * scale) }}
    >
      <canvas ref={canvas} aria-hidden="true" className="block size-full" />
      <p className="sr-only">{text === null ? "" : text || words.noText}</p>
      {overlay?.({ index, size, scale })}
    </div>
  );
}
