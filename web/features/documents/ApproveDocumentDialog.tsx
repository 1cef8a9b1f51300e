import { useState, type FormEvent } from "react";
import { DialogActions } from "../../components/ui/DialogActions";
import { TextArea } from "../../components/ui/TextArea";
import { DocumentDialog, type DocumentDialogProps, type DocumentFormProps } from "./DocumentDialog";
import { useVerifyDocument } from "./use-verify-document";
import { ExpiryDateField, useExpiryChoice } from "../reminders/ExpiryDateField";

/** Approves an uploaded document, with optional comments for the customer. */
export function ApproveDocumentDialog(props: DocumentDialogProps) {
  return <DocumentDialog title="Approve Document" form={ApproveForm} {...props} />;
}

function ApproveForm({ document, onClose, onDone }: DocumentFormProps) {
  const [comments, setComments] = useState("");
  const expiry = useExpiryChoice();
  const review = useVerifyDocument(() => {
    void expiry.saveFor(document.id);
    onDone?.(document);
    onClose();
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (expiry.error) return;
    review.verify({ documentId: document.id, status: "approved", comments: comments.trim() || undefined });
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <p className="text-slate-600">
        Approve <span className="font-medium text-slate-900">{document.name}</span>? The customer will see it as approved.
      </p>
      <TextArea label="Comments (optional)" value={comments} onChange={setComments} placeholder="Add a note for the customer" />
      <ExpiryDateField choice={expiry} />
      <DialogActions onCancel={onClose} submitLabel="Approve Document" pendingLabel="Approving..." isPending={review.isPending} />
    </form>
  );
}
