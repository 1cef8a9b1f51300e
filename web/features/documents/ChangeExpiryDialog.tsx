// Changes or removes the expiry date of an approved document (an ID renewed early, a licence
// whose date was typed wrong): the customer page's counterpart of the Approve dialog's field.
import type { FormEvent } from "react";
import { errorText } from "../../api/client";
import { Button } from "../../components/ui/Button";
import { DialogActions } from "../../components/ui/DialogActions";
import { toast } from "../../components/ui/Toast";
import { useSetExpiryMutation } from "../reminders/expiry-api";
import { formatIsoDay } from "@shared/reminder-cadence";
import { ExpiryDateField, useExpiryChoice } from "../reminders/ExpiryDateField";
import { ModalDialog } from "../../components/ui/Dialog";
import type { DocumentDialogProps, DocumentFormProps } from "./DocumentDialog";

export type ChangeExpiryDialogProps = DocumentDialogProps & {
  /** The date the document carries now ("YYYY-MM-DD"), or null. */
  expiresOn: string | null;
};

/** Like DocumentDialog (the backdrop does not close it), with the document's current date for the form. */
export function ChangeExpiryDialog({ document, onClose, onDone, expiresOn }: ChangeExpiryDialogProps) {
  return (
    <ModalDialog title="Expiry Date" isOpen={document !== null} onOpenChange={(open) => !open && onClose()} isDismissable={false}>
      {document ? <ChangeExpiryForm document={document} onClose={onClose} onDone={onDone} expiresOn={expiresOn} /> : null}
    </ModalDialog>
  );
}

function ChangeExpiryForm({ document, onClose, expiresOn }: DocumentFormProps & { expiresOn: string | null }) {
  const choice = useExpiryChoice(expiresOn ?? "");
  const save = useSetExpiryMutation();
  const typed = choice.value.trim();

  function send(next: string | null) {
    save.mutate(
      { documentId: document.id, expiresOn: next },
      {
        onSuccess: () => {
          toast({ title: next ? `${document.name} now expires on ${formatIsoDay(next)}` : `${document.name} no longer has an expiry date`, variant: "success" });
          onClose();
        },
        onError: (error) => toast({ title: errorText(error, "The expiry date was not saved. Please try again."), variant: "error" }),
      },
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (choice.error) return;
    // An emptied field means "no expiry date", the same as Remove.
    send(typed || null);
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-slate-600">
        <span className="font-medium text-slate-900">{document.name}</span>
        {expiresOn ? <> expires on {formatIsoDay(expiresOn)}.</> : <> has no expiry date.</>}
      </p>
      <ExpiryDateField choice={choice} label="Expires on" />
      {expiresOn ? (
        <Button variant="secondary" onPress={() => send(null)} isDisabled={save.isPending} className="self-start">
          Remove Expiry Date
        </Button>
      ) : null}
      <DialogActions onCancel={onClose} submitLabel="Save Expiry Date" pendingLabel="Saving..." isPending={save.isPending} />
    </form>
  );
}
