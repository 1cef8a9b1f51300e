// "I don't have this": the customer answers a request with a reason instead of a file; the broker
// accepts the answer or keeps the request open.
import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PortalDocumentDto, PortalDto } from "@shared/api-types";
import { apiFetch } from "../../api/client";
import { ModalDialog } from "../../components/ui/Dialog";
import { DialogActions } from "../../components/ui/DialogActions";
import { TextArea } from "../../components/ui/TextArea";
import { toast } from "../../components/ui/Toast";
import { portalKeys } from "./api";
import { useT } from "../../lib/i18n/use-t";
import { useErrorText } from "./error-text";

export function UnavailableDialog({ link, document, isOpen, onOpenChange }: { link: string; document: PortalDocumentDto; isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const answer = useMutation({
    mutationFn: () =>
      apiFetch(`/api/upload/${encodeURIComponent(link)}/documents/${encodeURIComponent(document.id)}/unavailable`, {
        method: "POST",
        body: { reason },
      }),
    onSuccess: ({ document: saved }) => {
      queryClient.setQueryData<PortalDto>(portalKeys.one(link), (portal) =>
        portal && { ...portal, documents: portal.documents.map((d) => (d.id === saved.id ? { ...d, ...saved } : d)) },
      );
      toast({ title: t("dialogs.answerSent"), description: t("dialogs.answerSentText", { name: document.name }), variant: "success" });
      onOpenChange(false);
    },
    onError: (e) => setError(errorText(e)),
  });
  const submit = () => {
    if (!reason.trim()) return setError(t("dialogs.whyNotRequired"));
    answer.mutate();
  };
  return (
    <ModalDialog closeLabel={t("dialogs.close")} title={t("dialogs.dontHaveTitle", { name: document.name })} isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={false}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextArea
          label={t("dialogs.whyNot")}
          value={reason}
          onChange={(value) => {
            setReason(value);
            setError(undefined);
          }}
          isRequired
          errorMessage={error}
          description={t("dialogs.whyNotHint")}
        />
        <DialogActions onCancel={() => onOpenChange(false)} cancelLabel={t("dialogs.cancel")} submitLabel={t("dialogs.sendAnswer")} pendingLabel={t("dialogs.sendingAnswer")} isPending={answer.isPending} />
      </form>
    </ModalDialog>
  );
}
