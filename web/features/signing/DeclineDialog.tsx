// Declining to sign: a reason is required (the broker reads it to know what to change); the
// request then ends for every signer.
import { useState } from "react";
import { signatureMessages } from "@shared/signatures";
import { ErrorNote } from "../../components/ErrorNote";
import { Button } from "../../components/ui/Button";
import { ModalDialog } from "../../components/ui/Dialog";
import { dialogFooterClass } from "../../components/ui/DialogActions";
import { TextArea } from "../../components/ui/TextArea";
import { useDeclineMutation, type SignerSource } from "./api";

export function DeclineDialog({ source, name, onClose }: { source: SignerSource; name: string; onClose: () => void }) {
  const [reason, setReason] = useState("");
  const [tried, setTried] = useState(false);
  const decline = useDeclineMutation(source);
  const missing = reason.trim() === "";
  const submit = () => {
    setTried(true);
    if (!missing) decline.mutate(reason.trim(), { onSuccess: onClose });
  };
  return (
    <ModalDialog title={`Decline to sign ${name}?`} isOpen onOpenChange={(open) => !open && onClose()} isDismissable={false}>
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <p className="text-slate-700">Your broker is told at once, and nobody can sign this document afterwards.</p>
        <TextArea label="Why do you decline?" value={reason} onChange={setReason} isRequired errorMessage={tried && missing ? signatureMessages.declineReasonRequired : undefined} />
        <ErrorNote error={decline.error} />
        <div className={dialogFooterClass()}>
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" isPending={decline.isPending}>
            Decline to sign
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
