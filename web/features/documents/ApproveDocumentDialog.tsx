import { useState, type FormEvent } from "react";
import { DialogActions } from "../../components/ui/DialogActions";
import { TextArea } from "../../components/ui/TextArea";
import { DocumentDialog, type DocumentDialogProps, type DocumentFormProps } from "./DocumentDialog";
import { useVerifyDocument } from "./use-verify-document";

/** Approves an uploaded document, with optional comments for the customer. */
export function ApproveDocumentDialog(props: DocumentDialogProps) {
  return <DocumentDialog title="Approve Document" form={ApproveForm} {...props} />;
}

function ApproveForm({ document, onClose, onDone }: DocumentFormProps) {
  const [comments, setComments] = useState("");
  const review = useVerifyDocument(() => {
    onDone?.(document);
    onClose();
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    review.verify({ documentId: document.id, status: "approved", comments: comments.trim() || undefined });
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <p className="text-slate-600">
        Approve <span className="font-medium text-slate-900">{document.name}</span>? The customer will see it as approved.
      </p>
      <TextArea label="Comments (optional)" value={comments} onChange={setComments} placeholder="Add a note for the customer" />
      <DialogActions onCancel={onClose} submitLabel="Approve Document" pendingLabel="Approving..." isPending={review.isPending} />
    </form>
  );
}
