import { useState, type FormEvent, type ReactNode } from "react";
import { TriangleAlert } from "lucide-react";
import type { CustomerDetailDto } from "@shared/api-types";
import { isRequirement } from "@shared/documents";
import { limitMessages, resolveCap } from "@shared/limits";
import { ModalDialog } from "../../components/ui/Dialog";
import { DialogActions } from "../../components/ui/DialogActions";
import { toast } from "../../components/ui/Toast";
import { useDocumentLimitQuery, useRequestDocumentsMutation } from "../customers/api";
import { CustomDocumentInput } from "../customers/CustomDocumentInput";
import { REQUEST_LIMIT_REACHED } from "../customers/errors";
import { DocumentChips } from "../customers/DocumentChips";
import { ChecklistGroup } from "../customers/DocumentPicker";
import { documentTypes, useDocumentChecklist } from "../customers/use-document-checklist";
import { CadenceFields, useCadenceChoice } from "../reminders/CadenceFields";
import { DUE_DATE_MISSING } from "./ChangeDueDateDialog";
import { DueDateFields, type DueDateValue } from "./DueDateFields";
import { fromDateTimeInputs } from "./format";

/** SPEC 5: the detail screen's words for an empty request. */
const NOTHING_TO_REQUEST = "Please add a custom document to request.";

/** Requests more documents from one customer: standard ones they do not have yet, or custom ones. */
export function AddDocumentDialog({
  customer,
  isOpen,
  onOpenChange,
}: {
  customer: Pick<CustomerDetailDto, "id" | "name" | "documents">;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <ModalDialog title="Add Document" isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={false} size="lg">
      {(close) => <AddDocumentForm customer={customer} onClose={close} />}
    </ModalDialog>
  );
}

function AddDocumentForm({ customer, onClose }: { customer: Pick<CustomerDetailDto, "id" | "name" | "documents">; onClose: () => void }) {
  const [due, setDue] = useState<DueDateValue>({ day: "", time: "17:00" });
  const [dueError, setDueError] = useState(false);
  const limit = useDocumentLimitQuery(customer.id);
  const request = useRequestDocumentsMutation();
  // Repeat reminders count back from the due date, so they are offered once one is chosen.
  const cadence = useCadenceChoice();
  const withCadence = due.day !== "";

  const required = customer.documents.filter((doc) => isRequirement(doc.status));
  const max = limit.data ? resolveCap(limit.data.maxAllowed) : null;
  // On the detail screen a standard document the customer already has is hidden, not just disabled.
  const checklist = useDocumentChecklist({
    existingNames: required.map((doc) => doc.name),
    customerLimit: { current: limit.data?.currentCount ?? required.length, max },
    lockStandardAt: max,
  });
  const standard = checklist.entries.filter((entry) => !entry.custom);
  const custom = checklist.entries.filter((entry) => entry.custom);
  const adding = checklist.selected.length;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (adding === 0) {
      toast({ title: "No Documents Selected", description: NOTHING_TO_REQUEST, variant: "error" });
      return;
    }
    const dueDate = due.day ? fromDateTimeInputs(due.day, due.time) : null;
    if (due.day && !dueDate) {
      setDueError(true);
      return;
    }
    if (withCadence && cadence.error) return;
    request.mutate(
      { customerId: customer.id, documentTypes: documentTypes(checklist.selected), dueDate: dueDate?.toISOString() },
      {
        onSuccess: async () => {
          // The new documents are waiting now, so the cadence reaches them too.
          if (dueDate) await cadence.applyTo(customer.id);
          toast({
            title: "Document Request Sent",
            description: `Requested ${adding} document${adding === 1 ? "" : "s"} from ${customer.name}.`,
            variant: "success",
          });
          onClose();
        },
        onError: () => toast({ title: REQUEST_LIMIT_REACHED, variant: "error" }),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      {checklist.overCustomerLimit ? (
        <LimitBanner tone="red" title={limitMessages.documentLimitTitle}>
          {checklist.overCustomerLimit}
        </LimitBanner>
      ) : checklist.approachingCustomerLimit ? (
        <LimitBanner tone="amber" title="Approaching Document Limit">
          {checklist.customerTotal === max
            ? `${customer.name} will have ${max} requested documents, the most your plan allows per customer.`
            : `${customer.name} will have ${checklist.customerTotal} requested documents; your plan allows ${max} per customer.`}
        </LimitBanner>
      ) : null}

      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">Standard documents</legend>
        {checklist.standardLocked && standard.length > 0 ? (
          <p className="mb-2 text-sm text-slate-600">
            {customer.name} already has {max} or more documents, the most your plan allows per customer, so standard documents
            are locked.
          </p>
        ) : null}
        {standard.length === 0 ? (
          <p className="text-sm text-slate-600">Every standard document has already been requested.</p>
        ) : (
          <ChecklistGroup entries={standard} checklist={checklist} />
        )}
      </fieldset>

      <div className="flex flex-col gap-2">
        <CustomDocumentInput onAdd={checklist.addCustom} isFull={checklist.isFull} />
        {custom.length > 0 ? (
          <DocumentChips label="Custom documents" names={custom.map((entry) => entry.name)} onRemove={checklist.remove} />
        ) : null}
      </div>

      <DueDateFields
        value={due}
        onChange={setDue}
        dayLabel="Due date (optional)"
        errorMessage={dueError && due.day && !fromDateTimeInputs(due.day, due.time) ? DUE_DATE_MISSING : undefined}
      />
      {withCadence ? <CadenceFields choice={cadence} /> : null}

      <DialogActions
        onCancel={onClose}
        submitLabel="Request Documents"
        pendingLabel="Requesting..."
        isPending={request.isPending}
        isDisabled={checklist.overCustomerLimit !== null}
      />
    </form>
  );
}

function LimitBanner({ tone, title, children }: { tone: "red" | "amber"; title: string; children: ReactNode }) {
  const colours = tone === "red" ? "border-red-200 bg-red-50 text-red-900" : "border-amber-200 bg-amber-50 text-amber-900";
  return (
    <div role="status" className={`flex gap-3 rounded-lg border p-3 ${colours}`}>
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-semibold">{title}</p>
        <p className="text-sm">{children}</p>
      </div>
    </div>
  );
}
