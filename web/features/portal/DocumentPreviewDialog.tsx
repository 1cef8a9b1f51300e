import { useState } from "react";
import { FileQuestion } from "lucide-react";
import type { PortalDocumentDto } from "@shared/api-types";
import { previewKind } from "@shared/files";
import { ModalDialog } from "../../components/ui/Dialog";
import { PdfViewer, usePdfWords } from "../../components/pdf/LazyPdfViewer";
import { DownloadLink } from "../../lib/download-link";
import { dialogFooterClass } from "../../components/ui/DialogActions";
import { useT } from "../../lib/i18n/use-t";

/**
 * The customer's own file, read from its view URL (same origin, the session cookie authorises
 * it): a PDF drawn by the app's viewer, an image as an <img>; the viewer's words (and the image's
 * and "Preview not available") are the catalog's `pdfViewer`, as on the signing screen.
 */
export function DocumentPreviewDialog({ document, onClose }: { document: PortalDocumentDto; onClose: () => void }) {
  const t = useT();
  const pdfWords = usePdfWords();
  const [imageFailed, setImageFailed] = useState(false);
  const kind = previewKind({ mimeType: document.mimeType, name: document.fileName });
  const name = document.fileName ?? document.name;
  const viewUrl = document.viewUrl ?? "";
  const download = document.downloadUrl ?? undefined;

  return (
    <ModalDialog closeLabel={t("dialogs.close")} title={document.name} isOpen onOpenChange={(open) => !open && onClose()} size="xl">
      <div className="flex flex-col gap-4">
        {kind === "pdf" && viewUrl ? (
          <PdfViewer
            source={viewUrl}
            name={name}
            className="h-[65dvh]"
            words={pdfWords}
            fallback={
              <DownloadLink variant="link" size="sm" icon={false} url={download} filename={name}>
                {t("dialogs.downloadToView")}
              </DownloadLink>
            }
          />
        ) : kind === "image" && viewUrl && !imageFailed ? (
          <div className="flex justify-center rounded-lg bg-slate-100 p-2">
            <img src={viewUrl} alt={pdfWords.previewOf(name)} onError={() => setImageFailed(true)} className="max-h-[65dvh] max-w-full object-contain" />
          </div>
        ) : (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-slate-300 px-4 py-12 text-center">
            <FileQuestion aria-hidden="true" className="size-10 text-slate-400" />
            <p className="font-medium text-slate-900">{pdfWords.notAvailable}</p>
            <DownloadLink variant="link" size="sm" icon={false} url={download} filename={name}>
              {t("dialogs.downloadToView")}
            </DownloadLink>
          </div>
        )}
        <div className={dialogFooterClass()}>
          <DownloadLink url={download} filename={name}>
            {t("portal.download")}
          </DownloadLink>
        </div>
      </div>
    </ModalDialog>
  );
}
