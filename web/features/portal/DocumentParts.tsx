// The pieces of one requested document, shared by the table, the compact table and the cards.
import { Suspense, type ReactNode } from "react";
import { Eye, RotateCcw } from "lucide-react";
import type { PortalDocumentDto } from "@shared/api-types";
import { DueDateBadge } from "../../components/DueDateBadge";
import { StatusBadge } from "../../components/StatusBadge";
import { Button } from "../../components/ui/Button";
import { DownloadLink } from "../../lib/download-link";
import { canCustomerView } from "@shared/documents";
import { formatKilobytes } from "@shared/format";
import { useDueDateWords, useFormatDay } from "./dates";
import { useT } from "../../lib/i18n/use-t";
import { loadOverlays, preloadOverlays } from "./overlay";
import { UploadControl } from "./UploadControl";
import { useUploads } from "./use-uploads";
import { useFocusKeeper } from "../../components/use-focus-keeper";
import { lazyRetrying } from "../../lib/lazy-retrying";
import { withLaterMessages } from "../../lib/i18n/store";

// A document to sign: rides in the dialogs' chunk, loaded only when the list holds one (a chunk of
// its own split the first load's shared chunks differently: 500 bytes over its budget).
const SentWith = lazyRetrying(withLaterMessages(async () => ({ default: (await import("./SentWith")).SentWith })));
const SignAction = lazyRetrying<{ document: PortalDocumentDto; stacked?: boolean; onOpen: (d: PortalDocumentDto) => void }>(() => loadOverlays().then((m) => ({ default: m.SignAction })));

export interface DocumentView {
  document: PortalDocumentDto;
  /** Set when the customer has several brokers and sees all of them at once. */
  brokerName?: string;
  signedIn: boolean;
  now: Date;
  onView: (document: PortalDocumentDto) => void;
}

/** The id of a document's title: where focus goes when its upload buttons are replaced. */
export const documentTitleId = (documentId: string) => `portal-document-${documentId}`;

/**
 * Handlers for a document's row (card or table row) that keep focus in it while its upload
 * controls give way to a progress bar and then to "received" (see useFocusKeeper).
 */
export function useDocumentRowFocus(document: PortalDocumentDto) {
  const { progress } = useUploads();
  const state = progress.has(document.id) ? "sending" : document.canUpload ? "upload" : "received";
  return useFocusKeeper(state, documentTitleId(document.id));
}

/** A due badge only while the customer still owes the document. */
export function DueBadge({ document, now }: Pick<DocumentView, "document" | "now">) {
  const { words, spoken } = useDueDateWords();
  return document.dueDate && document.canUpload ? <DueDateBadge dueDate={document.dueDate} now={now} words={words} spoken={spoken} /> : null;
}

/** Statuses are for signed-in customers only (guests get none from the server). */
export function DocumentStatusBadge({ document, signedIn }: Pick<DocumentView, "document" | "signedIn">) {
  const t = useT();
  if (!signedIn || !document.status) return null;
  // "incomplete" reads as "Requested", as SPEC's labels have it.
  const status = document.status === "incomplete" ? "requested" : document.status;
  return <StatusBadge status={document.status} label={t(`statuses.${status}`)} />;
}

/** Name, description, who asked, the re-submit reason and the file already sent. */
export function DocumentInfo({ document, brokerName, signedIn, titleLevel }: Pick<DocumentView, "document" | "brokerName" | "signedIn"> & { titleLevel?: 3 }) {
  const t = useT();
  const formatDay = useFormatDay();
  const Title = titleLevel ? "h3" : "p";
  const uploaded = formatDay(document.uploadedAt);
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <Title
        id={documentTitleId(document.id)}
        tabIndex={-1}
        className="rounded font-medium break-words text-slate-900 outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        {document.name}
      </Title>
      {document.description ? <p className="text-sm text-slate-600">{document.description}</p> : null}
      {brokerName ? <p className="text-sm text-slate-500">{t("portal.requestedBy", { name: brokerName })}</p> : null}
      {signedIn && document.status === "need_to_resubmit" ? (
        <AskedAgainNote>
          <span className="font-medium">{t("portal.resubmitReason")}</span>
          {/* The portal's own renewal reason in the page's language; a broker's reason as written.
              Its day at noon in the browser's own zone: the same calendar day east or west of UTC. */}
          {document.renewalOf ? t("portal.renewalReason", { date: formatDay(`${document.renewalOf}T12:00`) ?? document.renewalOf }) : document.rejectionReason || t("portal.resubmitDefault")}
        </AskedAgainNote>
      ) : null}
      {!signedIn && document.askedAgain ? (
        <AskedAgainNote>{t("portal.askedAgainGuest")}</AskedAgainNote>
      ) : null}
      {document.stillNeeded ? (
        // The broker's answer to "I don't have this": signed-in customers also get a notification.
        <AskedAgainNote>{t("portal.stillNeeded")}</AskedAgainNote>
      ) : null}
      {signedIn && document.status === "uploaded" && document.recognition?.messages.length ? (
        // What the portal told them before they sent it (DESIGN 3b), until the broker decides.
        <Suspense fallback={null}>
          <SentWith recognition={document.recognition} />
        </Suspense>
      ) : null}
      {signedIn && document.fileName ? (
        <p className="truncate text-sm text-slate-500" title={document.fileName}>
          {document.fileName}
          {document.fileSize ? ` · ${formatKilobytes(document.fileSize)}` : ""}
          {uploaded ? ` · ${t("portal.uploadedOn", { date: uploaded })}` : ""}
        </p>
      ) : null}
    </div>
  );
}

/** The broker wants this document (again): the re-submit reason, or what a guest may be told. */
function AskedAgainNote({ children }: { children: ReactNode }) {
  return (
    <p className="mt-1 flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <RotateCcw aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

/** What the customer can do now: upload, or look at what they sent. */
export function DocumentActions({ document, signedIn, onView, stacked }: Pick<DocumentView, "document" | "signedIn" | "onView"> & { stacked?: boolean }) {
  const t = useT();
  if (document.kind == "signature") return <Suspense><SignAction document={document} stacked={stacked} onOpen={onView} /></Suspense>;
  if (document.canUpload) return <UploadControl document={document} stacked={stacked} />;
  const viewable = signedIn && document.status !== undefined && canCustomerView(document.status, Boolean(document.viewUrl && document.downloadUrl));
  if (viewable) {
    return <FileButtons document={document} onView={onView} stacked={stacked} />;
  }
  // Guests may not see statuses; that the file arrived is all the server tells them.
  return <p className="text-sm text-slate-600">{t(signedIn ? "portal.noFileToShow" : "portal.receivedGuest")}</p>;
}

export function FileButtons({ document, onView, stacked }: { document: PortalDocumentDto; onView: (d: PortalDocumentDto) => void; stacked?: boolean }) {
  const t = useT();
  return (
    <div className={stacked ? "grid w-full grid-cols-1 gap-2" : "grid w-full grid-cols-2 gap-2"}>
      <Button variant="secondary" size="sm" aria-label={t("portal.viewDocument", { name: document.name })} onPressStart={preloadOverlays} onPress={() => onView(document)}>
        <Eye aria-hidden="true" className="size-4" />
        {t("portal.view")}
      </Button>
      <DownloadLink size="sm" ariaLabel={t("portal.downloadDocument", { name: document.name })} url={document.downloadUrl} filename={document.fileName ?? document.name}>
        {t("portal.download")}
      </DownloadLink>
    </div>
  );
}
