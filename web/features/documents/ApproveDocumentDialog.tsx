import { useState, type FormEvent } from "react";
import type { DocumentDto } from "@shared/api-types";
import { ModalDialog } from "../../components/ui/Dialog";
import { TextArea } from "../../components/ui/TextArea";
import { toast } from "../../components/ui/Toast";
import { useVerifyDocumentMutation } from "./api";
import { DialogActions } from "./DialogActions";

export const VERIFIED_TOAST = {
  title: "Document verified",
  description: "Document verification status has been updated successfully.",
  variant: "success",
} as const;
export const VERIFY_FAILED_TOAST = { title: "Failed to verify document. Please try again.", variant: "error" } as const;

/** Approves an uploaded document, with optional comments for the customer. */
export function ApproveDocumentDialog({
  customerId,
  document,
  onClose,
}: {
  customerId: string;
  /** The document to approve; the dialog is open while it is set. */
  document: DocumentDto | null;
  onClose: () => void;
}) {
  return (
    <ModalDialog
      title="Approve Document"
      isOpen={document !== null}
      onOpenChange={(open) => !open && onClose()}
      isDismissable={false}
    >
      {document ? <ApproveForm customerId={customerId} document={document} onClose={onClose} /> : null}
    </ModalDialog>
  );
}

function ApproveForm({ customerId, document, onClose }: { customerId: string; document: DocumentDto; onClose: () => void }) {
  const [comments, setComments] = useState("");
  const verify = useVerifyDocumentMutation(customerId);

  function submit(event: FormEvent) {
    event.preventDefault();
    verify.mutate(
      { documentId: document.id, status: "approved", comments: comments.trim() || undefined },
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
    <form onSubmit={submit} className="flex flex-col gap-4">
      <p className="text-slate-600">
        Approve <span className="font-medium text-slate-900">{document.name}</span>? The customer will see it as approved.
      </p>
      <TextArea label="Comments (optional)" value={comments} onChange={setComments} placeholder="Add a note for the customer" />
      <DialogActions onCancel={onClose} submitLabel="Approve Document" pendingLabel="Approving..." isPending={verify.isPending} />
    </form>
  );
}
