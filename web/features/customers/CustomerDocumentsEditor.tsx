import { useId, useState } from "react";
import { Trash2 } from "lucide-react";
import type { DocumentDto } from "@shared/api-types";
import { isRequirement } from "@shared/documents";
import { errorText } from "../../api/client";
import { Button } from "../../components/ui/Button";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { Spinner } from "../../components/ui/Spinner";
import { toast } from "../../components/ui/Toast";
import { StatusBadge } from "../../components/StatusBadge";
import { useDeleteDocumentMutation } from "../documents/api";
import { usePlanLimits } from "../subscription/use-plan-limits";
import { useCustomerQuery, useRequestDocumentsMutation } from "./api";
import { DocumentPicker } from "./DocumentPicker";
import { REQUEST_LIMIT_REACHED } from "./errors";
import { documentTypes, useDocumentChecklist } from "./use-document-checklist";


/** The customer's requested documents (shared files are not requirements) with removal and adding. */
export function CustomerDocumentsEditor({ customerId }: { customerId: string }) {
  const { data, isLoading, isError } = useCustomerQuery(customerId);
  if (isLoading) return <Spinner label="Loading documents" />;
  if (isError || !data) return <p className="text-sm text-red-700">The customer's documents could not be loaded.</p>;
  const documents = data.documents.filter((doc) => isRequirement(doc.status));
  return (
    <>
      <CurrentDocuments documents={documents} />
      {/* Remounted when the documents change, so the checklist offers only what is still missing. */}
      <AddDocuments key={documents.map((doc) => doc.id).join()} customerId={customerId} documents={documents} />
    </>
  );
}

function CurrentDocuments({ documents }: { documents: DocumentDto[] }) {
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

function AddDocuments({ customerId, documents }: { customerId: string; documents: DocumentDto[] }) {
  const { plan, documentsCap } = usePlanLimits();
  const request = useRequestDocumentsMutation();
  const checklist = useDocumentChecklist({ plan, existingNames: documents.map((doc) => doc.name), existing: "disable" });

  function add() {
    const count = checklist.selected.length;
    if (count === 0) {
      toast({ title: "No Documents Selected", description: "Please select at least one document to request.", variant: "error" });
      return;
    }
    if (documentsCap !== null && documents.length + count > documentsCap) {
      toast({ title: REQUEST_LIMIT_REACHED, variant: "error" });
      return;
    }
    request.mutate(
      { customerId, documentTypes: documentTypes(checklist.selected) },
      {
        onSuccess: () => toast({ title: "Documents added successfully", variant: "success" }),
        onError: (error) => {
          const text = errorText(error);
          toast({ title: /limit/i.test(text) ? REQUEST_LIMIT_REACHED : text || "Failed to request documents. Please try again.", variant: "error" });
        },
      },
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <DocumentPicker checklist={checklist} title="Add Documents" />
      <Button variant="secondary" className="self-start" onPress={add} isPending={request.isPending}>
        {request.isPending ? "Adding..." : "Add Documents"}
      </Button>
    </div>
  );
}
