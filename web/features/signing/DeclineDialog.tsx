// Declining to sign: a reason is required (the broker reads it to know what to change); the
// request then ends for every signer.
import { useState } from "react";
import { ErrorNote } from "../../components/ErrorNote";
import { Button } from "../../components/ui/Button";
import { ModalDialog } from "../../components/ui/Dialog";
import { dialogFooterClass } from "../../components/ui/DialogActions";
import { TextArea } from "../../components/ui/TextArea";
import { useT } from "../../lib/i18n/use-t";
import { useDeclineMutation, type SignerSource } from "./api";
import { faultText, signingErrorText } from "./fault-text";

export function DeclineDialog({ source, name, onClose }: { source: SignerSource; name: string; onClose: () => void }) {
  const t = useT();
  const [reason, setReason] = useState("");
  const [tried, setTried] = useState(false);
  const decline = useDeclineMutation(source);
  const missing = reason.trim() === "";
  const submit = () => {
    setTried(true);
    if (!missing) decline.mutate(reason.trim(), { onSuccess: onClose });
  };
  return (
    <ModalDialog title={t("signing.declineTitle", { name })} closeLabel={t("signing.close")} isOpen onOpenChange={(open) => !open && onClose()} isDismissable={false}>
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <p className="text-slate-700">{t("signing.declineIntro")}</p>
        <TextArea label={t("signing.whyDecline")} value={reason} onChange={setReason} isRequired errorMessage={tried && missing ? faultText(t, { code: "declineReasonRequired" }) : undefined} />
        <ErrorNote error={decline.error} text={signingErrorText(t, decline.error)} />
        <div className={dialogFooterClass()}>
          <Button variant="secondary" onPress={onClose}>
            {t("signing.cancel")}
          </Button>
          <Button type="submit" variant="danger" isPending={decline.isPending}>
            {t("signing.declineButton")}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
