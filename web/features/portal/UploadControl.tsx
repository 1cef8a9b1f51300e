import { Camera, FileUp, X } from "lucide-react";
import { FileTrigger } from "react-aria-components";
import type { PortalDocumentDto } from "@shared/api-types";
import { Button } from "../../components/ui/Button";
import { ProgressBar } from "../../components/ui/ProgressBar";
import { cx } from "../../components/ui/cx";
import { CHOOSE_FILE_ACCEPT, TAKE_PHOTO_ACCEPT } from "./upload-rules";
import { useUploads } from "./use-uploads";

/**
 * Two ways in: the camera ("Take photo", rear camera on phones) or a file. While the file is
 * sent, a real progress bar (bytes sent) with a way to stop it.
 */
export function UploadControl({ document, stacked = false }: { document: PortalDocumentDto; stacked?: boolean }) {
  const { progress, start, cancel } = useUploads();
  const running = progress.get(document.id);
  const pick = (files: FileList | null) => start(document, files?.[0] ?? null);

  if (running) {
    return (
      <div className="flex w-full items-end gap-2">
        <ProgressBar
          label={`Uploading ${running.fileName}`}
          value={running.percent}
          valueLabel={`${running.percent}%`}
          className="min-w-0 flex-1 [&_label]:truncate"
        />
        <Button variant="ghost" size="icon" aria-label={`Cancel upload of ${document.name}`} onPress={() => cancel(document.id)} className="-mb-3">
          <X aria-hidden="true" className="size-5" />
        </Button>
      </div>
    );
  }
  return (
    <div className={cx("grid w-full gap-2", stacked ? "grid-cols-1" : "grid-cols-2")}>
      <FileTrigger acceptedFileTypes={TAKE_PHOTO_ACCEPT} defaultCamera="environment" onSelect={pick}>
        <Button variant="secondary" size="sm" aria-label={`Take photo of ${document.name}`}>
          <Camera aria-hidden="true" className="size-4" />
          Take photo
        </Button>
      </FileTrigger>
      <FileTrigger acceptedFileTypes={CHOOSE_FILE_ACCEPT} onSelect={pick}>
        <Button size="sm" aria-label={`Choose file for ${document.name}`}>
          <FileUp aria-hidden="true" className="size-4" />
          Choose file
        </Button>
      </FileTrigger>
    </div>
  );
}
