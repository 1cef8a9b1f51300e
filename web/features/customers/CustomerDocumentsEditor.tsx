import { useId, useState } from "react";
import { Trash2 } from "lucide-react";
import type { DocumentDto } from "@shared/api-types";
import { Button } from "../../components/ui/Button";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { toast } from "../../components/ui/Toast";
import { StatusBadge } from "../../components/StatusBadge";
import { useDeleteDocumentMutation } from "../documents/api";
import { DocumentPicker } from "./DocumentPicker";
import type { DocumentChecklist } from "./use-document-checklist";


export function CurrentDocuments({ documents }: { documents: DocumentDto[] }) {
  const remove = useDeleteDocumentMutation();
  const [removing, setRemoving] = useState<DocumentDto | null>(null);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        Current Documents ({documents.length})
      </h3>
      {documents.length === 0 ? (
        <p className="text-sm text-slate-600">No documents requested yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {documents.map((doc) => (
            <li key={doc.id} className="flex items-center gap-3 py-1 pr-1 pl-3">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-slate-900">{doc.name}</p>
                {doc.description ? <p className="truncate text-sm text-slate-500">{doc.description}</p> : null}
              </div>
              <StatusBadge status={doc.status} />
              <Button variant="ghost" size="icon" aria-label={`Remove ${doc.name}`} onPress={() => setRemoving(doc)}>
                <Trash2 aria-hidden="true" className="size-4 text-red-600" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        isOpen={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title="Remove Document"
        confirmLabel="Remove"
        pendingLabel="Removing..."
        tone="danger"
        isPending={remove.isPending}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, {
            onSuccess: () => toast({ title: "Document removed successfully", variant: "success" }),
            onError: () => toast({ title: "Failed to remove document", variant: "error" }),
            onSettled: () => setRemoving(null),
          });
        }}
      >
        Remove <strong>{removing?.name}</strong> from this customer? Any file they uploaded for it is deleted too.
      </ConfirmDialog>
    </section>
  );
}

/** The documents to request on Save: the checklist lives in the form, which sends them with the details. */
export function AddDocuments({ checklist }: { checklist: DocumentChecklist }) {
  return (
    <div className="flex flex-col gap-1">
      <DocumentPicker checklist={checklist} title="Add Documents" />
      <p className="text-sm text-slate-600">Ticked documents are requested from the customer when you save.</p>
    </div>
  );
}
