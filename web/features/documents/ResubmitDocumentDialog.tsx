import { useState, type FormEvent } from "react";
import type { DocumentDto } from "@shared/api-types";
import { ModalDialog } from "../../components/ui/Dialog";
import { TextArea } from "../../components/ui/TextArea";
import { toast } from "../../components/ui/Toast";
import { VERIFIED_TOAST, VERIFY_FAILED_TOAST } from "./ApproveDocumentDialog";
import { useVerifyDocumentMutation } from "./api";
import { DialogActions } from "./DialogActions";

export const REASON_REQUIRED = "Please enter a reason for re-submission.";

/** Asks the customer to upload a document again; the reason is required so they know what to fix. */
export function ResubmitDocumentDialog({
  customerId,
  document,
  onClose,
}: {
  customerId: string;
  document: DocumentDto | null;
  onClose: () => void;
}) {
  return (
    <ModalDialog
      title="Re-Submit Document"
      isOpen={document !== null}
      onOpenChange={(open) => !open && onClose()}
      isDismissable={false}
    >
      {document ? <ResubmitForm customerId={customerId} document={document} onClose={onClose} /> : null}
    </ModalDialog>
  );
}

function ResubmitForm({ customerId, document, onClose }: { customerId: string; document: DocumentDto; onClose: () => void }) {
  const [reason, setReason] = useState("");
  const [comments, setComments] = useState("");
  const [showError, setShowError] = useState(false);
  const verify = useVerifyDocumentMutation(customerId);
  const reasonMissing = reason.trim() === "";

  function submit(event: FormEvent) {
    event.preventDefault();
    if (reasonMissing) {
      setShowError(true);
      return;
    }
    verify.mutate(
      {
        documentId: document.id,
        status: "rejected",
        rejectionReason: reason.trim(),
        comments: comments.trim() || undefined,
      },
      {
        onSuccess: () => {
          toast(VERIFIED_TOAST);
          onClose();
        },
        onError: () => toast(VERIFY_FAILED_TOAST),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-slate-600">
        Ask the customer to upload <span className="font-medium text-slate-900">{document.name}</span> again.
      </p>
      <TextArea
        label="Reason for re-submission"
        value={reason}
        onChange={setReason}
        isRequired
        errorMessage={showError && reasonMissing ? REASON_REQUIRED : undefined}
        placeholder="For example: the statement is cut off at the bottom"
      />
      <TextArea label="Comments (optional)" value={comments} onChange={setComments} />
      <DialogActions
        onCancel={onClose}
        submitLabel="Request Re-Submission"
        pendingLabel="Sending..."
        isPending={verify.isPending}
      />
    </form>
  );
}
