import { useState, type FormEvent, type ReactNode } from "react";
import { TriangleAlert, X } from "lucide-react";
import type { CustomerDetailDto } from "@shared/api-types";
import { encodeCustomDocument, isRequirement, STANDARD_DOCUMENTS } from "@shared/documents";
import { DEFAULT_MAX_ALLOWED, limitMessages, perCustomerError, STANDARD_SELECTION_BLOCK_AT } from "@shared/limits";
import { isUnlimited } from "@shared/plans";
import { Button } from "../../components/ui/Button";
import { Checkbox } from "../../components/ui/Checkbox";
import { ModalDialog } from "../../components/ui/Dialog";
import { DialogActions } from "../../components/ui/DialogActions";
import { toast } from "../../components/ui/Toast";
import { useDocumentLimitQuery, useRequestDocumentsMutation } from "../customers/api";
import { CustomDocumentInput } from "../customers/CustomDocumentInput";
import { DUE_DATE_MISSING } from "./ChangeDueDateDialog";
import { DueDateFields, type DueDateValue } from "./DueDateFields";
import { fromDateTimeInputs } from "./format";

/** SPEC 9: standard-document selection blocks once the customer has this many non-shared documents. */
export const NOTHING_TO_REQUEST = "Please add a custom document to request.";
export const REQUEST_FAILED = "You have reached your document request limit.";

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

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function AddDocumentForm({ customer, onClose }: { customer: Pick<CustomerDetailDto, "id" | "name" | "documents">; onClose: () => void }) {
  const [standard, setStandard] = useState<ReadonlySet<string>>(new Set());
  const [custom, setCustom] = useState<string[]>([]);
  const [customName, setCustomName] = useState("");
  const [due, setDue] = useState<DueDateValue>({ day: "", time: "17:00" });
  const [dueError, setDueError] = useState(false);
  const limit = useDocumentLimitQuery(customer.id);
  const request = useRequestDocumentsMutation();

  const required = customer.documents.filter((doc) => isRequirement(doc.status));
  // On the detail screen a standard document the customer already has is hidden, not just disabled.
  const available = STANDARD_DOCUMENTS.filter((option) => !required.some((doc) => sameName(doc.name, option.name)));
  const blockStandard = required.length >= STANDARD_SELECTION_BLOCK_AT;

  const rawMax = limit.data ? (limit.data.maxAllowed ?? DEFAULT_MAX_ALLOWED) : null;
  const max = rawMax === null || isUnlimited(rawMax) ? null : rawMax;
  const current = limit.data?.currentCount ?? required.length;
  const adding = standard.size + custom.length;
  const overLimit = perCustomerError(current, adding, max);
  const atLimit = max !== null && current + adding === max;
  const full = max !== null && current + adding >= max;

  function toggleStandard(name: string, on: boolean) {
    setStandard((prev) => {
      const next = new Set(prev);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });
  }

  function addCustom() {
    const name = customName.trim();
    if (!name) {
      toast({ title: "Error", description: "Please enter a document name.", variant: "error" });
      return;
    }
    const taken = [...custom, ...standard, ...required.map((doc) => doc.name)];
    if (taken.some((other) => sameName(other, name))) {
      toast({ title: "Document Already Added", description: `${name} is already in the list.`, variant: "error" });
      return;
    }
    setCustom((prev) => [...prev, name]);
    setCustomName("");
  }

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
    request.mutate(
      {
        customerId: customer.id,
        documentTypes: [...standard, ...custom.map((name) => encodeCustomDocument(name))],
        dueDate: dueDate?.toISOString(),
      },
      {
        onSuccess: () => {
          toast({
            title: "Document Request Sent",
            description: `Requested ${adding} document${adding === 1 ? "" : "s"} from ${customer.name}.`,
            variant: "success",
          });
          onClose();
        },
        onError: () => toast({ title: REQUEST_FAILED, variant: "error" }),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      {overLimit ? (
        <LimitBanner tone="red" title={limitMessages.documentLimitTitle}>
          {overLimit}
        </LimitBanner>
      ) : atLimit ? (
        <LimitBanner tone="amber" title="Approaching Document Limit">
          {customer.name} will have {max} requested documents, the most your plan allows per customer.
        </LimitBanner>
      ) : null}

      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">Standard documents</legend>
        {blockStandard && available.length > 0 ? (
          <p className="mb-2 text-sm text-slate-600">
            {customer.name} already has {STANDARD_SELECTION_BLOCK_AT} or more documents, so standard documents are locked. You can
            still request a custom document.
          </p>
        ) : null}
        {available.length === 0 ? (
          <p className="text-sm text-slate-600">Every standard document has already been requested.</p>
        ) : (
          <div className="grid gap-1 sm:grid-cols-2">
            {available.map((option) => (
              <Checkbox
                key={option.name}
                isSelected={standard.has(option.name)}
                onChange={(on) => toggleStandard(option.name, on)}
                isDisabled={blockStandard && !standard.has(option.name)}
                description={option.description}
              >
                {option.name}
              </Checkbox>
            ))}
          </div>
        )}
      </fieldset>

      <div className="flex flex-col gap-2">
        <CustomDocumentInput value={customName} onChange={setCustomName} onAdd={addCustom} isFull={full} />
        {custom.length > 0 ? (
          <ul aria-label="Custom documents" className="flex flex-wrap gap-2">
            {custom.map((name) => (
              <li key={name} className="flex items-center gap-1 rounded-full border border-slate-200 bg-slate-50 pl-3 text-sm">
                {name}
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${name}`}
                  onPress={() => setCustom((prev) => prev.filter((other) => other !== name))}
                  className="size-9 min-h-9 rounded-full"
                >
                  <X aria-hidden="true" className="size-4" />
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>

      <DueDateFields
        value={due}
        onChange={setDue}
        dayLabel="Due date (optional)"
        errorMessage={dueError && due.day && !fromDateTimeInputs(due.day, due.time) ? DUE_DATE_MISSING : undefined}
      />

      <DialogActions
        onCancel={onClose}
        submitLabel="Request Documents"
        pendingLabel="Requesting..."
        isPending={request.isPending}
        isDisabled={overLimit !== null}
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
