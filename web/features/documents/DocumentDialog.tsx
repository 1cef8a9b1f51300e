import type { ComponentType } from "react";
import type { DocumentDto } from "@shared/api-types";
import { ModalDialog } from "../../components/ui/Dialog";

/** What the screen passes to a dialog about one of the customer's documents. */
export interface DocumentDialogProps {
  /** The document the dialog is about; the dialog is open while it is set. */
  document: DocumentDto | null;
  onClose: () => void;
  /** After the dialog's change is saved (it then closes): e.g. to move focus somewhere that stays. */
  onDone?: (document: DocumentDto) => void;
}

/** What such a dialog passes to its form, once a document is set. */
export type DocumentFormProps = Omit<DocumentDialogProps, "document"> & { document: DocumentDto };

/**
 * A form dialog about one document. The backdrop does not close it, so a click beside the
 * dialog never throws away what the broker typed; the form is only built while a document is set.
 */
export function DocumentDialog({
  title,
  form: Form,
  document,
  onClose,
  onDone,
}: DocumentDialogProps & { title: string; form: ComponentType<DocumentFormProps> }) {
  return (
    <ModalDialog title={title} isOpen={document !== null} onOpenChange={(open) => !open && onClose()} isDismissable={false}>
      {document ? <Form document={document} onClose={onClose} onDone={onDone} /> : null}
    </ModalDialog>
  );
}
