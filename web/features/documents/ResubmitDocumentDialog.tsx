import { useState, type FormEvent } from "react";
import { DialogActions } from "../../components/ui/DialogActions";
import { TextArea } from "../../components/ui/TextArea";
import { DocumentDialog, type DocumentDialogProps, type DocumentFormProps } from "./DocumentDialog";
import { useVerifyDocument } from "./use-verify-document";

export const REASON_REQUIRED = "Please enter a reason for re-submission.";

/** Asks the customer to upload a document again; the reason is required so they know what to fix. */
export function ResubmitDocumentDialog(props: DocumentDialogProps) {
  return <DocumentDialog title="Re-Submit Document" form={ResubmitForm} {...props} />;
}

function ResubmitForm({ document, onClose, onDone }: DocumentFormProps) {
  const [reason, setReason] = useState("");
  const [comments, setComments] = useState("");
  const [showError, setShowError] = useState(false);
  const review = useVerifyDocument(() => {
    onDone?.(document);
    onClose();
  });
  const reasonMissing = reason.trim() === "";

  function submit(event: FormEvent) {
    event.preventDefault();
    if (reasonMissing) {
      setShowError(true);
      return;
    }
    review.verify({
      documentId: document.id,
      status: "rejected",
      rejectionReason: reason.trim(),
      comments: comments.trim() || undefined,
    });
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
        isPending={review.isPending}
      />
    </form>
  );
}
