// Between picking a file and sending it (issue 42): the server reads the file for this request and
// says, in plain words, when it looks like the wrong, old or someone else's document. On "warn" the
// customer may choose another file or send it anyway with a note for the broker; on "refuse" only
// choose another. A file all is well with, one the server could not tell about (a slow read
// answers "unknown") or a check the server could not make is sent as before; a file the upload's
// own checks refuse (a locked PDF) is refused here, in the same words, and not sent twice. Loaded on first use (its own chunk): the portal's first load does not grow.
import { useEffect, useState } from "react";
import { FileSearch, FileUp, Send } from "lucide-react";
import { FileTrigger } from "react-aria-components";
import type { PortalDocumentDto } from "@shared/api-types";
import { portalDataPath } from "@shared/page-preloads";
// Only the note's limit, from a module of its own: importing a value of verdict.ts here put the
// recognition rules into the chunk the portal's first load shares with acceptance-rules.ts (+0.8 KB).
import { MAX_CUSTOMER_NOTE } from "@shared/recognition/note";
import { ApiError, apiUpload, isAbortError } from "../../api/client";
import { Button } from "../../components/ui/Button";
import { TextArea } from "../../components/ui/TextArea";
import { CHOOSE_FILE_ACCEPT, uploadProblem } from "./upload-rules";
import { useUploads } from "./use-uploads";
import { useT } from "../../lib/i18n/use-t";
import { useRecognitionText } from "./recognition-text";

type Recognition = NonNullable<PortalDocumentDto["recognition"]>;

export function RecognitionStep({
  document,
  file,
  onPick,
  onDone,
}: {
  document: PortalDocumentDto;
  file: File;
  /** Another file was chosen: it is checked in turn. */
  onPick: (file: File) => void;
  /** The step is over (sent, or given up): the upload buttons return. */
  onDone: () => void;
}) {
  const t = useT();
  const { link, maxBytes, start, fail } = useUploads();
  const said = useRecognitionText();
  const [seen, setSeen] = useState<Recognition | null>(null);
  const [note, setNote] = useState("");

  const send = (withNote?: string) => {
    onDone();
    void start(document, file, withNote);
  };

  useEffect(() => {
    setSeen(null);
    setNote("");
    // A file the portal refuses by itself (another file chosen here) is left to the upload, which says why as it always has.
    if (uploadProblem(file, maxBytes, document.acceptanceRules)) return send();
    const controller = new AbortController();
    const form = new FormData();
    form.append("file", file, file.name);
    apiUpload(`${portalDataPath(link)}/documents/${encodeURIComponent(document.id)}/recognition`, form, { signal: controller.signal })
      .then(({ recognition }) => (recognition.verdict === "warn" || recognition.verdict === "refuse" ? setSeen(recognition) : send()))
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        // Refused by the checks every upload meets (a damaged or locked PDF, the link gone): told
        // now, as the upload would have told it, and the file is not sent again. Anything else
        // (the server busy, the connection) must not stop the upload: it goes ahead.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) {
          onDone();
          fail(document, error);
        } else send();
      });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one check per picked file
  }, [file]);

  if (!seen) {
    return (
      <p role="status" className="flex items-center gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
        <FileSearch aria-hidden="true" className="size-4 shrink-0 animate-pulse text-brand-600" />
        <span className="min-w-0 break-words">{t("recognition.looking", { fileName: file.name })}</span>
      </p>
    );
  }
  const refused = seen.verdict === "refuse";
  const noteTooLong = note.trim().length > MAX_CUSTOMER_NOTE;
  return (
    <section
      aria-label={t("recognition.whatItLooksLike", { fileName: file.name })}
      className={refused ? "flex flex-col gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-950" : "flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"}
    >
      <div role="alert">
        <p className="font-medium">{t(refused ? "recognition.refuse" : "recognition.warn")}</p>
        <ul className="mt-1 flex flex-col gap-1">
          {said(seen).map((message) => (
            <li key={message}>{message}.</li>
          ))}
        </ul>
      </div>
      {refused ? null : (
        <TextArea
          label={t("recognition.note")}
          value={note}
          onChange={setNote}
          description={t("recognition.noteHint")}
          errorMessage={noteTooLong ? t("recognition.noteTooLong", { max: MAX_CUSTOMER_NOTE }) : undefined}
        />
      )}
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <FileTrigger acceptedFileTypes={CHOOSE_FILE_ACCEPT} onSelect={(files) => files?.[0] && onPick(files[0])}>
          <Button size="sm">
            <FileUp aria-hidden="true" className="size-4" />
            {t("recognition.chooseAnother")}
          </Button>
        </FileTrigger>
        {refused ? null : (
          <Button size="sm" variant="secondary" isDisabled={noteTooLong} onPress={() => send(note.trim() || undefined)}>
            <Send aria-hidden="true" className="size-4" />
            {t("recognition.sendAnyway")}
          </Button>
        )}
        <Button size="sm" variant="ghost" onPress={onDone} className={refused ? undefined : "sm:col-span-2"}>
          {t("dialogs.cancel")}
        </Button>
      </div>
    </section>
  );
}
