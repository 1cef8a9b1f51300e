// "I don't have this": the customer answers a request with a reason instead of a file; the broker
// accepts the answer or keeps the request open.
import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PortalDocumentDto, PortalDto } from "@shared/api-types";
import { apiFetch, errorText } from "../../api/client";
import { ModalDialog } from "../../components/ui/Dialog";
import { DialogActions } from "../../components/ui/DialogActions";
import { TextArea } from "../../components/ui/TextArea";
import { toast } from "../../components/ui/Toast";
import { portalKeys } from "./api";

export function UnavailableDialog({ link, document, isOpen, onOpenChange }: { link: string; document: PortalDocumentDto; isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const answer = useMutation({
    mutationFn: () =>
      apiFetch(`/api/upload/${encodeURIComponent(link)}/documents/${encodeURIComponent(document.id)}/unavailable`, {
        method: "POST",
        body: { reason },
      }),
    onSuccess: ({ message, document: saved }) => {
      queryClient.setQueryData<PortalDto>(portalKeys.one(link), (portal) =>
        portal && { ...portal, documents: portal.documents.map((d) => (d.id === saved.id ? { ...d, ...saved } : d)) },
      );
      toast({ title: message, description: `Your broker will read why you don't have ${document.name}.`, variant: "success" });
      onOpenChange(false);
    },
    onError: (e) => setError(errorText(e)),
  });
  const submit = () => {
    if (!reason.trim()) return setError("Please say why you don't have this document.");
    answer.mutate();
  };
  return (
    <ModalDialog title={`I don't have ${document.name}`} isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={false}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextArea
          label="Why not?"
          value={reason}
          onChange={(value) => {
            setReason(value);
            setError(undefined);
          }}
          isRequired
          errorMessage={error}
          description="Your broker reads this and either accepts it or asks again."
        />
        <DialogActions onCancel={() => onOpenChange(false)} submitLabel="Send answer" pendingLabel="Sending…" isPending={answer.isPending} />
      </form>
    </ModalDialog>
  );
}
