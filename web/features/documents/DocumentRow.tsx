import type { ReactNode } from "react";
import { CalendarClock, CalendarX2, CircleCheck, Eye, RotateCcw } from "lucide-react";
import type { DocumentDto } from "@shared/api-types";
import { canVerify, canView, isRequirement } from "@shared/documents";
import { DueDateBadge } from "../../components/DueDateBadge";
import { STATUS_ICON_COLOURS, StatusBadge, StatusIcon } from "../../components/StatusBadge";
import { Button } from "../../components/ui/Button";
import { cx } from "../../components/ui/cx";
import { DocumentChecks } from "../document-checks/DocumentChecks";
import { RecognitionSummary } from "../document-checks/RecognitionSummary";
import { formatDay } from "./format";
import { formatIsoDay } from "@shared/reminder-cadence";
import { formatKilobytes } from "@shared/format";
import { focusOnceLost } from "../../components/use-heading-focus";

/** The id of a document's heading in its row (a stable place to put focus). */
export const documentHeadingId = (documentId: string) => `document-${documentId}`;

/** Puts focus on the document's heading once the control that had it is gone (focus on <body>). */
export const focusHeadingOnceLost = (documentId: string) => void focusOnceLost(() => document.getElementById(documentHeadingId(documentId)));

export interface DocumentActions {
  onView: (doc: DocumentDto) => void;
  onApprove: (doc: DocumentDto) => void;
  onResubmit: (doc: DocumentDto) => void;
  onChangeDueDate: (doc: DocumentDto) => void;
  /** Set, change or remove an approved document's expiry date. */
  onChangeExpiry?: (doc: DocumentDto) => void;
}

/** One required document: what it is, where it stands, and what the broker can do with it now. */
export function DocumentRow({ doc, now, actions, expiresOn = null }: { doc: DocumentDto; now: Date; actions: DocumentActions; expiresOn?: string | null }) {
  const hasFile = Boolean(doc.fileUrl);
  const showDue = doc.dueDate !== null && doc.status !== "approved";
  const fileName = doc.originalName ?? doc.fileName;
  const uploaded = formatDay(doc.uploadedAt);
  const verified = formatDay(doc.verifiedAt);
  // Only an approved document carries an expiry date (one sent back for renewal says why in its reason).
  const expires = doc.status === "approved" && expiresOn ? formatIsoDay(expiresOn) : null;

  return (
    <li className="flex gap-3 py-4 first:pt-0 last:pb-0">
      <span className={cx("mt-0.5 shrink-0", STATUS_ICON_COLOURS[doc.status])}>
        <StatusIcon status={doc.status} className="size-6" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          {/* Focus lands here after a review, when the button that was pressed may be gone. */}
          <h3 id={documentHeadingId(doc.id)} tabIndex={-1} className="rounded font-medium break-words text-slate-900 outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
            {doc.name}
          </h3>
          <StatusBadge status={doc.status} />
          {showDue && doc.dueDate ? <DueDateBadge dueDate={doc.dueDate} now={now} /> : null}
        </div>
        {doc.description ? <p className="mt-0.5 text-sm text-slate-600">{doc.description}</p> : null}

        {fileName || uploaded || verified || expires ? (
          <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
            {fileName ? (
              <Detail label="File">
                <span className="break-all">{fileName}</span>
                {doc.fileSize !== null ? ` (${formatKilobytes(doc.fileSize)})` : null}
              </Detail>
            ) : null}
            {uploaded ? <Detail label="Uploaded">{uploaded}</Detail> : null}
            {verified ? <Detail label="Verified">{verified}</Detail> : null}
            {expires ? <Detail label="Expires">{expires}</Detail> : null}
          </dl>
        ) : null}

        {/* Only while the re-submit is outstanding: once the customer sent a new file the old reason is history. */}
        {doc.rejectionReason && doc.status === "need_to_resubmit" ? (
          <p className="mt-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            <span className="font-medium">Re-submit reason:</span> {doc.rejectionReason}
          </p>
        ) : null}
        {doc.adminComments ? (
          <p className="mt-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
            <span className="font-medium">Admin comments:</span> {doc.adminComments}
          </p>
        ) : null}

        <RecognitionSummary doc={doc} now={now} />
        <DocumentChecks doc={doc} onDecided={() => focusHeadingOnceLost(doc.id)} />
        <RowActions doc={doc} hasFile={hasFile} showDue={showDue} actions={actions} />
      </div>
    </li>
  );
}

function RowActions({ doc, hasFile, showDue, actions }: { doc: DocumentDto; hasFile: boolean; showDue: boolean; actions: DocumentActions }) {
  const viewable = canView(doc.status, hasFile) && isRequirement(doc.status);
  const verifiable = canVerify(doc.status, hasFile);
  const expiry = doc.status === "approved" && actions.onChangeExpiry ? actions.onChangeExpiry : null;
  if (!viewable && !verifiable && !showDue && !expiry) return null;
  // The document's name is appended for screen readers: every row has the same button labels.
  const forDoc = <span className="sr-only"> {doc.name}</span>;
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      {viewable ? (
        <Button size="sm" variant="secondary" onPress={() => actions.onView(doc)}>
          <Eye aria-hidden="true" className="size-4" />
          View{forDoc}
        </Button>
      ) : null}
      {verifiable ? (
        <>
          <Button size="sm" variant="primary" onPress={() => actions.onApprove(doc)}>
            <CircleCheck aria-hidden="true" className="size-4" />
            Approve{forDoc}
          </Button>
          <Button size="sm" variant="secondary" onPress={() => actions.onResubmit(doc)}>
            <RotateCcw aria-hidden="true" className="size-4" />
            Re-Submit{forDoc}
          </Button>
        </>
      ) : null}
      {showDue ? (
        <Button size="sm" variant="secondary" onPress={() => actions.onChangeDueDate(doc)}>
          <CalendarClock aria-hidden="true" className="size-4" />
          Set Due-Date{forDoc}
        </Button>
      ) : null}
      {expiry ? (
        <Button size="sm" variant="secondary" onPress={() => expiry(doc)}>
          <CalendarX2 aria-hidden="true" className="size-4" />
          Expiry Date{forDoc}
        </Button>
      ) : null}
    </div>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 gap-1">
      <dt>{label}:</dt>
      <dd className="min-w-0 text-slate-800">{children}</dd>
    </div>
  );
}
