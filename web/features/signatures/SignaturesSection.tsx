// The customer page's Signatures card (issue 41): the customer's signature requests with every
// signer's part, the signed PDF once sealed, Send again, Void, and "Request signature". Loaded with its own
// chunk after the page (CustomerDetail.tsx), the request dialog in it (a chunk of its own cost the
// portal's first load 16 bytes of chunk boundaries); pdf.js loads only when a request starts.
import { useState } from "react";
import { FilePen, PenLine, Send, XCircle } from "lucide-react";
import type { SignatureRequestDto } from "@shared/api-types";
import { formatDueDate } from "@shared/due-date";
import { FINISHED_SIGNATURE_STATUSES, SIGNATURE_STATUS_LABELS, signatureMessages, type SignatureStatus, type SignerStatus } from "@shared/signatures";
import { errorText } from "../../api/client";
import { Badge, type BadgeTone } from "../../components/ui/Badge";
import { Button } from "../../components/ui/Button";
import { Card } from "../../components/ui/Card";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { EmptyState } from "../../components/ui/EmptyState";
import { Spinner } from "../../components/ui/Spinner";
import { toast } from "../../components/ui/Toast";
import { DownloadLink } from "../../lib/download-link";
import { RequestSignatureDialog } from "./RequestSignatureDialog";
import { signedPdfUrl, useResendSignatureRequestMutation, useRetrySealMutation, useSignatureRequestsQuery, useVoidSignatureRequestMutation, type SignatureCustomer } from "./api";


const STATUS_TONES: Record<SignatureStatus, BadgeTone> = {
  sent: "neutral",
  viewed: "blue",
  partially_signed: "blue",
  seal_failed: "red",
  completed: "green",
  declined: "red",
  voided: "neutral",
};

const SIGNER_LABELS: Record<SignerStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: "Waiting", tone: "neutral" },
  viewed: { label: "Viewed", tone: "blue" },
  signed: { label: "Signed", tone: "green" },
  declined: { label: "Declined", tone: "red" },
};

const isFinished = (status: SignatureStatus) => (FINISHED_SIGNATURE_STATUSES as readonly SignatureStatus[]).includes(status);

/** "Partially signed (1 of 2)": the "signed by n of m". */
function statusText(request: SignatureRequestDto): string {
  const label = SIGNATURE_STATUS_LABELS[request.status];
  if (request.status !== "partially_signed") return label;
  const signed = request.signers.filter((s) => s.status === "signed").length;
  return `${label} (${signed} of ${request.signers.length})`;
}

/** When the signer's last step happened, in this broker's time zone (their browser's, as every time on their screens). */
function signerTime(signer: SignatureRequestDto["signers"][number]): string | null {
  const [label, at] = signer.signedAt ? ["Signed", signer.signedAt] : signer.declinedAt ? ["Declined", signer.declinedAt] : signer.viewedAt ? ["Viewed", signer.viewedAt] : [null, null];
  return label && at ? `${label} ${formatDueDate(new Date(at))}` : null;
}

export function SignaturesSection({ customer }: { customer: SignatureCustomer }) {
  const query = useSignatureRequestsQuery(customer.id);
  const [requesting, setRequesting] = useState(false);
  const [voiding, setVoiding] = useState<SignatureRequestDto | null>(null);
  const voidRequest = useVoidSignatureRequestMutation();
  const resend = useResendSignatureRequestMutation();

  const sendAgain = (request: SignatureRequestDto) =>
    resend.mutate(request.id, {
      onSuccess: () => toast({ title: "Signature request sent again", description: `The signers of ${request.name} who have not signed were emailed again.`, variant: "success" }),
      onError: (error) => toast({ title: errorText(error, "Failed to send the signature request again. Please try again."), variant: "error" }),
    });

  const confirmVoid = () => {
    if (!voiding) return;
    voidRequest.mutate(voiding.id, {
      onSuccess: () => {
        toast({ title: "Signature request voided", description: `${voiding.name} can no longer be signed.`, variant: "success" });
        setVoiding(null);
      },
      onError: (error) => {
        toast({ title: errorText(error, "Failed to void the signature request. Please try again."), variant: "error" });
        setVoiding(null);
      },
    });
  };

  return (
    <Card
      title="Signatures"
      icon={<FilePen />}
      action={
        <Button variant="secondary" size="sm" onPress={() => setRequesting(true)}>
          <PenLine aria-hidden="true" className="size-4" />
          Request signature
        </Button>
      }
    >
      {query.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading signature requests" />
        </div>
      ) : query.error ? (
        <div className="flex flex-col items-start gap-2">
          <p role="alert" className="text-slate-700">
            {errorText(query.error, "The signature requests could not be loaded.")}
          </p>
          <Button variant="secondary" size="sm" onPress={() => void query.refetch()}>
            Try Again
          </Button>
        </div>
      ) : query.data.length === 0 ? (
        <EmptyState title="No signature requests yet." icon={<FilePen />}>
          Ask {customer.name} (and anyone else) to sign a PDF: press Request signature.
        </EmptyState>
      ) : (
        <ul aria-label="Signature requests" className="divide-y divide-slate-200">
          {query.data.map((request) => (
            <SignatureRequestRow
              key={request.id}
              request={request}
              onVoid={() => setVoiding(request)}
              onSendAgain={() => sendAgain(request)}
              sendingAgain={resend.isPending && resend.variables === request.id}
            />
          ))}
        </ul>
      )}

      {requesting ? <RequestSignatureDialog customer={customer} onClose={() => setRequesting(false)} /> : null}
      <ConfirmDialog
        isOpen={voiding !== null}
        onOpenChange={(open) => !open && setVoiding(null)}
        title="Void this signature request?"
        confirmLabel="Void request"
        pendingLabel="Voiding..."
        isPending={voidRequest.isPending}
        onConfirm={confirmVoid}
        tone="danger"
      >
        No one will be able to sign <span className="font-medium text-slate-900">{voiding?.name}</span> any more, and {customer.name} is no longer
        asked for it. This cannot be undone.
      </ConfirmDialog>
    </Card>
  );
}

function SignatureRequestRow({ request, onVoid, onSendAgain, sendingAgain }: { request: SignatureRequestDto; onVoid: () => void; onSendAgain: () => void; sendingAgain: boolean }) {
  const headingId = `signature-request-${request.id}`;
  return (
    <li aria-labelledby={headingId} className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={headingId} className="font-medium break-words text-slate-900">
            {request.name}
          </h3>
          <Badge tone={STATUS_TONES[request.status]}>{statusText(request)}</Badge>
        </div>
        {request.dueDate && !isFinished(request.status) ? <p className="mt-1 text-sm text-slate-600">Due {formatDueDate(new Date(request.dueDate))}</p> : null}
        {request.status === "seal_failed" ? (
          <p role="alert" className="mt-1 text-sm break-words text-red-700">
            {signatureMessages.sealFailed}
          </p>
        ) : null}
        <ul aria-label={`Signers of ${request.name}`} className="mt-2 flex flex-col gap-1.5">
          {request.signers.map((signer) => (
            <li key={signer.id} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
              <span className="min-w-0 break-all text-slate-800">
                {signer.name} <span className="text-slate-500">({signer.email})</span>
              </span>
              <Badge tone={SIGNER_LABELS[signer.status].tone}>{SIGNER_LABELS[signer.status].label}</Badge>
              {signerTime(signer) ? <span className="text-slate-600">{signerTime(signer)}</span> : null}
              {signer.declineReason ? <span className="w-full break-words text-slate-600">Reason: {signer.declineReason}</span> : null}
            </li>
          ))}
        </ul>
      </div>
      <div className="flex shrink-0 flex-col gap-2 sm:items-end">
        {request.status === "completed" ? (
          <DownloadLink url={request.downloadUrl ?? signedPdfUrl(request.id)} filename={`${request.name}.pdf`} ariaLabel={`Download signed PDF of ${request.name}`} size="sm">
            Download signed PDF
          </DownloadLink>
        ) : null}
        {request.status === "seal_failed" ? <RetrySealButton request={request} /> : null}
        {!isFinished(request.status) ? (
          <Button variant="secondary" size="sm" onPress={onSendAgain} isPending={sendingAgain} aria-label={`Send again: ${request.name}`}>
            <Send aria-hidden="true" className="size-4" />
            Send again
          </Button>
        ) : null}
        {!isFinished(request.status) ? (
          <Button variant="secondary" size="sm" onPress={onVoid} aria-label={`Void ${request.name}`}>
            <XCircle aria-hidden="true" className="size-4" />
            Void
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** Seals again a request whose seal failed for good; the row turns Partially signed, then Completed live. */
function RetrySealButton({ request }: { request: SignatureRequestDto }) {
  const retry = useRetrySealMutation();
  const onPress = () =>
    retry.mutate(request.id, {
      onError: (error) => toast({ title: errorText(error, "The seal could not be started again. Please try again."), variant: "error" }),
    });
  return (
    <Button size="sm" onPress={onPress} isPending={retry.isPending} aria-label={`Try again to seal ${request.name}`}>
      Try again
    </Button>
  );
}
