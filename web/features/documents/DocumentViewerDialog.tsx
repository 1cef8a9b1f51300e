import { useEffect, useState } from "react";
import { FileQuestion } from "lucide-react";
import type { DocumentDto } from "@shared/api-types";
import { canVerify } from "@shared/documents";
import { previewKind } from "@shared/files";
import { errorText } from "../../api/client";
import { Button } from "../../components/ui/Button";
import { ModalDialog } from "../../components/ui/Dialog";
import { Spinner } from "../../components/ui/Spinner";
import { DownloadLink } from "../../lib/download-link";
import { useDocumentFileQuery } from "./api";
import { dialogFooterClass } from "../../components/ui/DialogActions";

export const downloadName = (doc: DocumentDto) => doc.originalName ?? doc.fileName ?? doc.name;

/** Shows an uploaded file inside the page; review actions sit next to it when the file can be judged. */
export function DocumentViewerDialog({
  document,
  onClose,
  onApprove,
  onResubmit,
  onChangeExpiry,
}: {
  document: DocumentDto | null;
  onClose: () => void;
  onApprove?: (doc: DocumentDto) => void;
  onResubmit?: (doc: DocumentDto) => void;
  /** An approved document: set, change or remove its expiry date. */
  onChangeExpiry?: (doc: DocumentDto) => void;
}) {
  return (
    <ModalDialog title={document?.name ?? "Document"} isOpen={document !== null} onOpenChange={(open) => !open && onClose()} size="xl" fill>
      {document?.fileUrl ? (
        <div className="flex h-full flex-col gap-4">
          {/* Shown from the view URL, so the timeline records a view, not a download. */}
          <Preview document={document} fileUrl={document.viewUrl ?? document.fileUrl} />
          <div className={dialogFooterClass()}>
            <DownloadLink url={document.fileUrl} filename={downloadName(document)} />
            {canVerify(document.status, true) && onResubmit ? (
              <Button variant="secondary" onPress={() => onResubmit(document)}>
                Re-Submit
              </Button>
            ) : null}
            {document.status === "approved" && onChangeExpiry ? (
              <Button variant="secondary" onPress={() => onChangeExpiry(document)}>
                Expiry Date
              </Button>
            ) : null}
            {canVerify(document.status, true) && onApprove ? (
              <Button onPress={() => onApprove(document)}>Approve</Button>
            ) : null}
          </div>
        </div>
      ) : null}
    </ModalDialog>
  );
}

/** A blob: URL for the fetched file, revoked when the viewer closes or the file changes. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

function Preview({ document, fileUrl }: { document: DocumentDto; fileUrl: string }) {
  // A PDF is framed from the server's URL, not a blob: URL: Chrome's PDF toolbar names the file
  // by the response's Content-Disposition, and a blob: URL has none, so it showed a UUID.
  const isPdf = previewKind({ mimeType: document.mimeType, name: document.originalName ?? document.fileName }) === "pdf";
  if (isPdf) return <PdfFrame src={fileUrl} name={downloadName(document)} />;
  return <FetchedPreview document={document} fileUrl={fileUrl} />;
}

const PdfFrame = ({ src, name }: { src: string; name: string }) => (
  <iframe src={src} title={`Preview of ${name}`} className="min-h-48 w-full flex-1 rounded-lg border border-slate-200" />
);

/** A file fetched first, so its real type decides how it is shown and a failure can be said. */
function FetchedPreview({ document, fileUrl }: { document: DocumentDto; fileUrl: string }) {
  const file = useDocumentFileQuery(fileUrl);
  const objectUrl = useObjectUrl(file.data);
  // An image the browser cannot decode falls back to the download hint instead of a broken icon.
  const [imageFailed, setImageFailed] = useState(false);
  const name = downloadName(document);

  if (file.isPending || (file.data && !objectUrl)) {
    return (
      <div className="flex min-h-0 flex-1 items-center justify-center py-16">
        <Spinner label="Loading preview" />
      </div>
    );
  }
  const kind = previewKind({ mimeType: file.data?.type || document.mimeType, name: document.originalName ?? document.fileName });
  if (objectUrl && kind === "pdf") {
    return <PdfFrame src={objectUrl} name={name} />;
  }
  if (objectUrl && kind === "image" && !imageFailed) {
    return (
      <div className="flex min-h-48 flex-1 justify-center rounded-lg bg-slate-100 p-2">
        <img src={objectUrl} alt={`Preview of ${name}`} onError={() => setImageFailed(true)} className="h-full max-w-full object-contain" />
      </div>
    );
  }
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-slate-300 px-4 py-12 text-center">
      <FileQuestion aria-hidden="true" className="size-10 text-slate-400" />
      <p className="font-medium text-slate-900">Preview not available</p>
      <p className="text-sm text-slate-600">{file.isError ? `${errorText(file.error, "The file could not be loaded")}. ` : null}Download to view</p>
    </div>
  );
}
