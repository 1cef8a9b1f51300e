// The PDF viewer's own words: English unless the screen passes its language's (the signing screen
// and the portal's preview do: LazyPdfViewer.tsx's usePdfWords), so the viewer stays free of any catalog.
export interface PdfViewerWords {
  previewOf: (name: string) => string;
  notAvailable: string;
  tryAgain: string;
  previousPage: string;
  nextPage: string;
  pageOf: (page: number, count: number) => string;
  zoomOut: string;
  zoomIn: string;
  /** The zoom button's name: its percentage, and that pressing it fits the width. */
  zoomFit: (percent: number) => string;
  loading: string;
  noText: string;
}

export const ENGLISH_PDF_WORDS: PdfViewerWords = {
  previewOf: (name) => `Preview of ${name}`,
  notAvailable: "Preview not available",
  tryAgain: "Try again",
  previousPage: "Previous page",
  nextPage: "Next page",
  pageOf: (page, count) => `Page ${page} of ${count}`,
  zoomOut: "Zoom out",
  zoomIn: "Zoom in",
  zoomFit: (percent) => `Zoom ${percent} %, fit to width`,
  loading: "Loading document",
  noText: "This page has no text.",
};
