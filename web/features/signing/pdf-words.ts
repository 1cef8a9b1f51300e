// The PDF viewer's words in the page's language, for the signing screen's document.
import type { PdfViewerWords } from "../../components/pdf/pdf-words";
import { useT } from "../../lib/i18n/use-t";

export function usePdfWords(): PdfViewerWords {
  const t = useT();
  return {
    previewOf: (name) => t("signing.viewer.previewOf", { name }),
    notAvailable: t("signing.viewer.notAvailable"),
    tryAgain: t("signing.tryAgain"),
    previousPage: t("signing.viewer.previousPage"),
    nextPage: t("signing.viewer.nextPage"),
    pageOf: (page, count) => t("signing.viewer.pageOf", { page, count }),
    zoomOut: t("signing.viewer.zoomOut"),
    zoomIn: t("signing.viewer.zoomIn"),
    zoomFit: (percent) => t("signing.viewer.zoomFit", { percent }),
    loading: t("signing.loadingDocument"),
    noText: t("signing.viewer.noText"),
  };
}
