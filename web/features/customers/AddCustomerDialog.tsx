import { useRef, useState } from "react";
import type { CustomerDetailDto } from "@shared/api-types";
import { nameFromEmail } from "@shared/documents";
import { addDueTime, DEFAULT_DUE, dueValueError, formatDueDate, reminderAfterRequest } from "@shared/due-date";
import { limitMessages, perRequestError } from "@shared/limits";
import { isValidEmail, MAX_NAME_LENGTH, messages } from "@shared/validation";
import { ModalDialog } from "../../components/ui/Dialog";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { DialogActions } from "../../components/ui/DialogActions";
import { useDiscardGuard } from "../../lib/use-discard-guard";
import { Select } from "../../components/ui/Select";
import { TextField } from "../../components/ui/TextField";
import { toast } from "../../components/ui/Toast";
import { usePlanLimits } from "../subscription/use-plan-limits";
import { useCreateCustomerMutation } from "./api";
import { DocumentPicker } from "./DocumentPicker";
import { DueTimeFields, ReminderFields, useDueTime, useReminder } from "./DueTimeFields";
import { CadenceFields, useCadenceChoice } from "../reminders/CadenceFields";
import { createCustomerErrorMessage, type CreateCustomerFlow } from "./errors";
import { CREATE_LOAN_TYPES } from "@shared/loan-types";
import { requiredDocuments, useDocumentChecklist } from "./use-document-checklist";
import { TemplatePicker } from "../templates/TemplatePicker";
import { CustomerLanguageSelect, languageValue, useWorkspaceLanguage, type LanguageKey } from "./language-choice";

const NO_LOAN_TYPE = "none";
const LOAN_TYPE_OPTIONS = [{ id: NO_LOAN_TYPE, label: "Not specified" }, ...CREATE_LOAN_TYPES];

export interface AddCustomerDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onCreated?: (customer: CustomerDetailDto) => void;
  /** Which screen it opened from: the dashboard words a limit error its own way. */
  flow?: CreateCustomerFlow;
}

/** SPEC 2 "Add New Customer dialog": invite a customer and request their first documents. */
export function AddCustomerDialog({ isOpen, onOpenChange, onCreated, flow = "customers" }: AddCustomerDialogProps) {
  // Whether the form holds anything the broker typed or picked (set by the form as it renders).
  const dirty = useRef(false);
  const guard = useDiscardGuard({ isOpen, isDirty: () => dirty.current, close: () => onOpenChange(false) });
  return (
    <>
      <ModalDialog
        title="Add New Customer"
        size="lg"
        isDismissable={false}
        isOpen={isOpen}
        onOpenChange={(open) => (open ? onOpenChange(true) : guard.requestClose())}
      >
        {(close) => (
          <AddCustomerForm
            flow={flow}
            onDirtyChange={(isDirty) => (dirty.current = isDirty)}
            onCancel={close}
            onCreated={(customer) => {
              dirty.current = false;
              close();
              onCreated?.(customer);
            }}
          />
        )}
      </ModalDialog>
      <ConfirmDialog
        isOpen={guard.asking}
        onOpenChange={(open) => !open && guard.keep()}
        title="Discard this customer?"
        confirmLabel="Discard"
        tone="danger"
        onConfirm={guard.discard}
      >
        What you entered for the new customer will be lost.
      </ConfirmDialog>
    </>
  );
}

/** Lives only while the dialog is open, so every opening starts from a fresh form. */
function AddCustomerForm({
  flow,
  onDirtyChange,
  onCancel,
  onCreated,
}: {
  flow: CreateCustomerFlow;
  onDirtyChange: (isDirty: boolean) => void;
  onCancel: () => void;
  onCreated: (customer: CustomerDetailDto) => void;
}) {
  const { plan } = usePlanLimits();
  const create = useCreateCustomerMutation();
  const checklist = useDocumentChecklist({ plan });
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [triedSubmit, setTriedSubmit] = useState(false);
  const [loanType, setLoanType] = useState(NO_LOAN_TYPE);
  // The workspace's default until the broker picks one.
  const workspaceLanguage = useWorkspaceLanguage();
  const [pickedLanguage, setLanguage] = useState<LanguageKey | null>(null);
  const language = pickedLanguage ?? workspaceLanguage.key;
  const due = useDueTime(DEFAULT_DUE);

  const emailError = triedSubmit && !isValidEmail(email.trim()) ? messages.invalidEmailShort : undefined;
  const dueError = dueValueError(due.amount) ?? undefined;
  // Shown under the fields so the broker sees what the numbers mean before sending.
  const dueDate = dueError ? null : addDueTime(new Date(), due.amount, due.unit);
  const reminder = useReminder(dueDate);
  // One that would go out with the invitation is not asked for (the server would drop it too).
  const remindAt = reminderAfterRequest(reminder.at(dueDate), new Date());
  const cadence = useCadenceChoice();
  onDirtyChange(Boolean(email.trim() || name.trim()) || loanType !== NO_LOAN_TYPE || checklist.selected.length > 0 || reminder.isOn);

  function submit() {
    setTriedSubmit(true);
    if (!isValidEmail(email.trim()) || dueError || reminder.error || cadence.error || !dueDate) return;
    const capError = perRequestError(plan, checklist.selected.length);
    if (capError) {
      toast({ title: limitMessages.documentLimitTitle, description: capError, variant: "error" });
      return;
    }
    const address = email.trim();
    const noDocuments = checklist.selected.length === 0;
    create.mutate(
      {
        email: address,
        // Optional: the spec's name from the email unless the broker typed one.
        name: name.trim() || nameFromEmail(address),
        loanType: loanType === NO_LOAN_TYPE ? null : loanType,
        language: languageValue(language),
        dueDate: dueDate.toISOString(),
        ...(remindAt ? { reminderTime: remindAt.toISOString() } : {}),
        requiredDocuments: requiredDocuments(checklist.selected),
      },
      {
        onSuccess: (customer) => {
          void cadence.applyTo(customer.id);
          checklist.reset();
          setEmail("");
          setName("");
          setLanguage(null);
          setTriedSubmit(false);
          void copyUploadLink(customer.uploadLink);
          toast(
            noDocuments
              ? {
                  title: "Customer invited without documents",
                  description: "The customer has been added, but no documents were requested yet. Use Request New Document to ask for them.",
                }
              : { title: "Customer invited successfully", description: "The customer has been added successfully.", variant: "success" },
            5000,
          );
          onCreated(customer);
        },
        onError: (error) => toast({ title: createCustomerErrorMessage(error, flow), variant: "error" }),
      },
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Customer Email"
          type="email"
          autoFocus
          autoComplete="off"
          isRequired
          value={email}
          onChange={setEmail}
          errorMessage={emailError}
          placeholder="customer@example.com"
        />
        <TextField
          label="Name (optional)"
          autoComplete="off"
          maxLength={MAX_NAME_LENGTH}
          value={name}
          onChange={setName}
          placeholder={email.includes("@") ? nameFromEmail(email.trim()) : "From the email if left empty"}
          description={name.trim() ? undefined : "Left empty, the name comes from the email."}
        />
        <Select label="Loan Type (optional)" selectedKey={loanType} onSelectionChange={setLoanType} options={LOAN_TYPE_OPTIONS} />
        <CustomerLanguageSelect value={language} onChange={setLanguage} />
      </div>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-base font-semibold text-slate-900">Document Due Time</legend>
        <DueTimeFields
          label="Due in"
          {...due.fields}
          errorMessage={dueError}
          description={dueDate ? `Due ${formatDueDate(dueDate)}` : undefined}
        />
        <ReminderFields reminder={reminder} dueDate={dueDate} description="An e-mail reminder goes out this long before the due time." />
        <CadenceFields choice={cadence} />
      </fieldset>

      <TemplatePicker checklist={checklist} loanType={loanType} />
      <DocumentPicker checklist={checklist} />
      {checklist.selected.length === 0 ? (
        <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          No documents selected: the invitation will not ask for any. You can request documents later.
        </p>
      ) : null}

      <DialogActions
        divided
        onCancel={onCancel}
        onSubmit={submit}
        submitLabel="Create Customer"
        pendingLabel="Creating..."
        isPending={create.isPending}
      />
    </div>
  );
}

/** Copies the customer's upload link so the broker can paste it anywhere; a refused clipboard is fine. */
async function copyUploadLink(uploadLink: string): Promise<void> {
  try {
    await navigator.clipboard?.writeText(`${location.origin}/upload/${uploadLink}`);
  } catch {
    // Clipboard access can be denied; the link is also in the invitation e-mail.
  }
}
