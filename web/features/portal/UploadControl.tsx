import { Suspense, useState } from "react";
import { Camera, CircleAlert, FileQuestion, FileUp, Files, X } from "lucide-react";
import { FileTrigger } from "react-aria-components";
import type { PortalDocumentDto } from "@shared/api-types";
import { Button } from "../../components/ui/Button";
import { ProgressBar } from "../../components/ui/ProgressBar";
import { cx } from "../../components/ui/cx";
import { CHOOSE_FILE_ACCEPT, TAKE_PHOTO_ACCEPT, uploadProblem } from "./upload-rules";
import { useUploads } from "./use-uploads";
import { ruleLines } from "./rule-lines";
import { lazyRetrying } from "../../lib/lazy-retrying";
import { useT } from "../../lib/i18n/use-t";
import { withLaterMessages } from "../../lib/i18n/store";

// Loaded on first use (their own chunk, with the catalog's later part): most customers never open them.
const PhoneCaptureDialog = lazyRetrying(withLaterMessages(async () => ({ default: (await import("./PhoneCapture")).PhoneCaptureDialog })));
const UnavailableDialog = lazyRetrying(withLaterMessages(async () => ({ default: (await import("./UnavailableDialog")).UnavailableDialog })));
const RecognitionStep = lazyRetrying(withLaterMessages(async () => ({ default: (await import("./RecognitionStep")).RecognitionStep })));

/**
 * Two ways in: the camera ("Take photo", rear camera on phones) or a file; and for a document of
 * several pages, photographing each page into one PDF. "I don't have this" answers with a reason
 * instead. While the file is sent, a real progress bar (bytes sent) with a way to stop it, then
 * "Checking" while the server opens it. What the request accepts is listed under the buttons,
 * before anything is sent.
 */
export function UploadControl({ document, stacked = false }: { document: PortalDocumentDto; stacked?: boolean }) {
  const t = useT();
  const { link, maxBytes, progress, failures, start, cancel } = useUploads();
  const failure = failures.get(document.id);
  const failureId = `upload-failure-${document.id}`;
  const [dialog, setDialog] = useState<"capture" | "unavailable" | null>(null);
  // A picked file is first read by the server for what it looks like (RecognitionStep), then sent.
  const [picked, setPicked] = useState<File | null>(null);
  const running = progress.get(document.id);
  // (A file the portal refuses by itself is refused at once, as before: nothing is sent.)
  const pick = (files: FileList | null) => {
    const file = files?.[0] ?? null;
    return file && !uploadProblem(file, maxBytes, document.acceptanceRules) ? setPicked(file) : start(document, file);
  };
  const takesPdf = document.acceptanceRules?.kinds.includes("pdf") ?? true;
  // A photo for a request that takes only PDFs would be refused after it was taken: the camera
  // is offered only where a photo will do; "Several pages" still makes a PDF from photos.
  const takesPhoto = document.acceptanceRules?.kinds.includes("image") ?? true;

  if (running) {
    return (
      <div className="flex w-full items-end gap-2">
        <ProgressBar
          // Every byte sent: the server is opening the file (a phone photo's conversion takes seconds).
          label={t(running.percent === 100 ? "upload.checking" : "upload.uploading", { fileName: running.fileName })}
          value={running.percent}
          valueLabel={`${running.percent}%`}
          className="min-w-0 flex-1 [&_label]:truncate"
        />
        <Button variant="ghost" size="icon" aria-label={t("upload.cancelUpload", { name: document.name })} onPress={() => cancel(document.id)} className="-mb-3">
          <X aria-hidden="true" className="size-5" />
        </Button>
      </div>
    );
  }
  if (picked) {
    return (
      <Suspense fallback={null}>
        <RecognitionStep document={document} file={picked} onPick={setPicked} onDone={() => setPicked(null)} />
      </Suspense>
    );
  }
  return (
    <div className="flex w-full flex-col gap-2">
      {document.unavailableReason ? (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
          <span className="font-medium">{t("upload.youSaidDontHave")}</span>
          {document.unavailableReason} {t("upload.brokerWillDecide")}
        </p>
      ) : null}
      {failure ? (
        // Announced by the toast already; kept here, and tied to the buttons, until the next try.
        <p id={failureId} className="flex gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-600" />
          <span>{failure}</span>
        </p>
      ) : null}
      <div className={cx("grid w-full gap-2", stacked ? "grid-cols-1" : "grid-cols-2")}>
        {takesPhoto ? (
          <FileTrigger acceptedFileTypes={TAKE_PHOTO_ACCEPT} defaultCamera="environment" onSelect={pick}>
            <Button variant="secondary" size="sm" aria-label={t("upload.takePhotoOf", { name: document.name })} aria-describedby={failure ? failureId : undefined}>
              <Camera aria-hidden="true" className="size-4" />
              {t("upload.takePhoto")}
            </Button>
          </FileTrigger>
        ) : null}
        <FileTrigger acceptedFileTypes={CHOOSE_FILE_ACCEPT} onSelect={pick}>
          <Button size="sm" aria-label={t("upload.chooseFileFor", { name: document.name })} aria-describedby={failure ? failureId : undefined}>
            <FileUp aria-hidden="true" className="size-4" />
            {t("upload.chooseFile")}
          </Button>
        </FileTrigger>
        {takesPdf ? (
          <Button variant="secondary" size="sm" aria-label={t("upload.severalPagesOf", { name: document.name })} onPress={() => setDialog("capture")}>
            <Files aria-hidden="true" className="size-4" />
            {t("upload.severalPages")}
          </Button>
        ) : null}
        <Button variant="ghost" size="sm" aria-label={t("upload.dontHaveLabel", { name: document.name })} onPress={() => setDialog("unavailable")}>
          <FileQuestion aria-hidden="true" className="size-4" />
          {t("upload.dontHave")}
        </Button>
      </div>
      {document.acceptanceRules ? (
        <ul className="text-xs text-slate-500" aria-label={t("upload.rulesOf", { name: document.name })}>
          {ruleLines(document.acceptanceRules, t).map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      ) : null}
      <Suspense fallback={null}>
        {dialog === "capture" ? <PhoneCaptureDialog document={document} isOpen onOpenChange={(open) => !open && setDialog(null)} /> : null}
        {dialog === "unavailable" ? <UnavailableDialog link={link} document={document} isOpen onOpenChange={(open) => !open && setDialog(null)} /> : null}
      </Suspense>
    </div>
  );
}
