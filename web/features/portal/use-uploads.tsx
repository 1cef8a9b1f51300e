// Uploads in progress, kept above the document list so a phone turned sideways (which swaps the
// cards for a table) never loses one, and so several documents can upload at once.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { PortalDocumentDto, PortalDto } from "@shared/api-types";
import { useT } from "../../lib/i18n/use-t";
import { ApiError, isAbortError } from "../../api/client";
import { toast } from "../../components/ui/Toast";
import { portalKeys, refreshPortal, refreshPortalAfterUpload, uploadDocument } from "./api";
import { noFileProblem, uploadProblem } from "./upload-rules";
import { useErrorText } from "./error-text";

export interface UploadProgress {
  fileName: string;
  /** 0–100. */
  percent: number;
}

interface Uploads {
  /** The upload link these uploads go to. */
  link: string;
  progress: ReadonlyMap<string, UploadProgress>;
  /**
   * Why each document's last upload failed ("Upload failed: …"), kept on its card until the next
   * try: the toast that also says it is gone after a few seconds.
   */
  failures: ReadonlyMap<string, string>;
  /** The largest file the server takes (checked before anything is sent). */
  maxBytes: number;
  /** Checks the file, then sends it with progress. `null` means the picker returned nothing. */
  /** Sends the file; resolves true once the portal has it, false if it was refused or not sent. */
  start: (document: PortalDocumentDto, file: File | null, note?: string) => Promise<boolean>;
  /** Tells the customer why a file was refused (the check before sending met the upload's own refusal). */
  fail: (document: PortalDocumentDto, error: unknown) => void;
  cancel: (documentId: string) => void;
}

const UploadsContext = createContext<Uploads | null>(null);

export function useUploads(): Uploads {
  const uploads = useContext(UploadsContext);
  if (!uploads) throw new Error("useUploads must be used inside <UploadsProvider>");
  return uploads;
}

/** "Title - Description" messages (SPEC 8) read better as a toast title and a line under it. */
function splitMessage(message: string): { title: string; description?: string } {
  const at = message.indexOf(" - ");
  return at === -1 ? { title: message } : { title: message.slice(0, at), description: message.slice(at + 3) };
}

/** The map with `key` set to `value`, or removed with null; the same map when nothing changes. */
function withEntry<V>(map: ReadonlyMap<string, V>, key: string, value: V | null): ReadonlyMap<string, V> {
  if (value === null && !map.has(key)) return map;
  const next = new Map(map);
  if (value === null) next.delete(key);
  else next.set(key, value);
  return next;
}

export function UploadsProvider({ link, isGuest, maxBytes, children }: { link: string; isGuest: boolean; maxBytes: number; children: ReactNode }) {
  const t = useT();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<ReadonlyMap<string, UploadProgress>>(new Map());
  const [failures, setFailures] = useState<ReadonlyMap<string, string>>(new Map());
  const noteFailure = useCallback((documentId: string, reason: string | null) => setFailures((current) => withEntry(current, documentId, reason)), []);
  const controllers = useRef(new Map<string, AbortController>());

  // Leaving the portal stops what is still being sent.
  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const update = useCallback((documentId: string, value: UploadProgress | null) => setProgress((current) => withEntry(current, documentId, value)), []);

  /** A refusal (or a lost connection), told as SPEC 8 says, whether the upload or the check before it met it. */
  const fail = useCallback(
    (document: PortalDocumentDto, error: unknown) => {
      // The link is gone: known by the code the server names (its message is English, SPEC's words).
      const linkGone = error instanceof ApiError && error.reason?.code === "portal.invalidLink";
      const failed = t("upload.failedText", { text: errorText(error, t("upload.connectionLost")) });
      // SPEC 8: "Upload failed: (text)" under Upload Failed, or Customer Not Found when the link is gone.
      toast({
        ...(linkGone ? { title: t("upload.customerNotFound"), description: t("upload.customerNotFoundText") } : { title: t("upload.failed"), description: failed }),
        variant: "error",
      });
      if (!linkGone) noteFailure(document.id, failed);
      // A 404 or 409 means the page is out of date (removed, or already uploaded elsewhere).
      if (error instanceof ApiError && (error.status === 404 || error.status === 409)) void refreshPortal(queryClient, link);
    },
    [link, queryClient, noteFailure, t, errorText],
  );

  const start = useCallback(
    async (document: PortalDocumentDto, file: File | null, note?: string): Promise<boolean> => {
      if (controllers.current.has(document.id)) return false;
      const problem = uploadProblem(file, maxBytes, document.acceptanceRules);
      if (problem) {
        // Refused here or by the server, the customer reads the same words (SPEC 8).
        const nothing = problem === noFileProblem();
        toast({ ...(nothing ? splitMessage(problem) : { title: t("upload.failed"), description: t("upload.failedText", { text: problem }) }), variant: "error" });
        // Picking nothing is no failure to keep.
        noteFailure(document.id, nothing ? null : t("upload.failedText", { text: problem }));
        return false;
      }
      noteFailure(document.id, null);
      const chosen = file!;
      const controller = new AbortController();
      controllers.current.set(document.id, controller);
      update(document.id, { fileName: chosen.name, percent: 0 });

      return uploadDocument({
        link,
        documentId: document.id,
        file: chosen,
        isGuest,
        note,
        signal: controller.signal,
        onProgress: (percent) => update(document.id, { fileName: chosen.name, percent }),
      })
        .then(({ document: saved }) => {
          // Show the new state at once; the refetches below bring the rest of the page along.
          queryClient.setQueryData<PortalDto>(portalKeys.one(link), (portal) =>
            portal && { ...portal, documents: portal.documents.map((d) => (d.id === saved.id ? { ...d, ...saved } : d)) },
          );
          toast({ title: t("upload.successful"), description: t("upload.successfulText", { name: document.name }), variant: "success" });
          refreshPortalAfterUpload(queryClient, link);
          return true;
        })
        .catch((error: unknown) => {
          if (isAbortError(error)) toast({ title: t("upload.canceled"), description: t("upload.canceledText", { name: document.name }) });
          else fail(document, error);
          return false;
        })
        .finally(() => {
          controllers.current.delete(document.id);
          update(document.id, null);
        });
    },
    [isGuest, link, maxBytes, update, noteFailure, fail, t],
  );

  const cancel = useCallback((documentId: string) => controllers.current.get(documentId)?.abort(), []);

  const value = useMemo(() => ({ link, maxBytes, progress, failures, start, fail, cancel }), [link, maxBytes, progress, failures, start, fail, cancel]);
  return <UploadsContext.Provider value={value}>{children}</UploadsContext.Provider>;
}
