import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { CustomerDto } from "@shared/api-types";
import { nameFromEmail } from "@shared/documents";
import { DEFAULT_DUE, addDueTime, dueValueError, formatDueDate } from "@shared/due-date";
import { limitMessages, perCustomerError, perRequestError } from "@shared/limits";
import { isValidEmail, messages } from "@shared/validation";
import { Checkbox } from "../../components/ui/Checkbox";
import { ModalDialog } from "../../components/ui/Dialog";
import { DialogActions } from "../../components/ui/DialogActions";
import { TextField } from "../../components/ui/TextField";
import { toast } from "../../components/ui/Toast";
import { UpgradeRequiredDialog } from "../subscription/UpgradeRequiredDialog";
import { usePlanLimits } from "../subscription/use-plan-limits";
import { useCreateCustomerMutation, useRequestDocumentsMutation } from "./api";
import { findCustomerWithEmail, useCustomerWithEmail } from "./customer-search";
import { DocumentPicker } from "./DocumentPicker";
import { DueTimeFields, useDueTime } from "./DueTimeFields";
import { errorText } from "../../api/client";
import { createCustomerErrorMessage } from "./errors";
import { RecipientPicker } from "./RecipientPicker";
import { selectionOf } from "./use-recipient-selection";
import { CadenceFields, useCadenceChoice } from "../reminders/CadenceFields";
import { acceptanceRules, documentTypes, requiredDocuments, useDocumentChecklist } from "./use-document-checklist";
import { TemplatePicker } from "../templates/TemplatePicker";

export interface RequestDocumentDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Customers ticked when the dialog opens (e.g. the row it was opened from). */
  initialCustomers?: readonly CustomerDto[];
}

/** SPEC 2 "Request New Document dialog": documents for existing customers and/or a new one. */
export function RequestDocumentDialog({ isOpen, onOpenChange, initialCustomers = [] }: RequestDocumentDialogProps) {
  return (
    <ModalDialog title="Request New Document" size="lg" isDismissable={false} isOpen={isOpen} onOpenChange={onOpenChange}>
      {(close) => <RequestDocumentForm initialCustomers={initialCustomers} onDone={close} />}
    </ModalDialog>
  );
}

const plural = (n: number) => `${n} customer${n === 1 ? "" : "s"}`;

function RequestDocumentForm({ initialCustomers, onDone }: { initialCustomers: readonly CustomerDto[]; onDone: () => void }) {
  const { plan, documentsCap, canCreateCustomer } = usePlanLimits();
  // A new customer beyond the plan's customer limit: Upgrade Required (SPEC 2), not a request.
  const [upgrade, setUpgrade] = useState(false);
  const queryClient = useQueryClient();
  const requestDocuments = useRequestDocumentsMutation();
  const createCustomer = useCreateCustomerMutation();
  const checklist = useDocumentChecklist({ plan });
  const [recipients, setRecipients] = useState(() => selectionOf(initialCustomers));
  const [newEmail, setNewEmail] = useState("");
  const [triedSubmit, setTriedSubmit] = useState(false);
  const [withDueDate, setWithDueDate] = useState(false);
  const due = useDueTime(DEFAULT_DUE);
  const cadence = useCadenceChoice();
  const [sending, setSending] = useState(false);

  const typed = newEmail.trim();
  // An address that is already one of the broker's customers means that customer: they are
  // asked, not "created" (which the server would refuse as a duplicate).
  const known = useCustomerWithEmail(typed);
  const email = known ? "" : typed;
  const emailError = triedSubmit && email && !isValidEmail(email) ? messages.invalidEmailShort : undefined;
  const dueError = withDueDate ? (dueValueError(due.amount) ?? undefined) : undefined;
  const dueDate = withDueDate && !dueError ? addDueTime(new Date(), due.amount, due.unit) : null;

  function validate(recipients: CustomerDto[], email: string): boolean {
    const count = checklist.selected.length;
    const fail = (title: string, description: string) => {
      toast({ title, description, variant: "error" });
      return false;
    };
    if (count === 0) return fail("No Documents Selected", "Please select at least one document to request.");
    if (recipients.length === 0 && !email) {
      return fail("No Recipients Selected", "Please select existing customers or add a new customer.");
    }
    if ((email && !isValidEmail(email)) || dueError || (withDueDate && cadence.error)) return false;
    if (email && !canCreateCustomer) {
      setUpgrade(true);
      return false;
    }
    const capError = perRequestError(plan, count);
    if (capError) return fail(limitMessages.documentLimitTitle, capError);
    for (const customer of recipients) {
      const error = perCustomerError(customer.documentCounts.total, count, documentsCap);
      if (error) return fail(limitMessages.perCustomerTitle, error);
    }
    return true;
  }

  async function submit() {
    setTriedSubmit(true);
    // Asked again on sending: the answer on screen waits for a pause in typing, and a Send pressed
    // before it must not create a duplicate. Unanswered, the server still refuses a duplicate.
    // (Pending meanwhile, so a second press does not send twice.)
    if (typed) setSending(true);
    const existing = typed ? await findCustomerWithEmail(queryClient, typed).catch(() => undefined) : undefined;
    const email = existing ? "" : typed;
    const chosen = [...recipients.values()];
    const targets = existing && !recipients.has(existing.id) ? [...chosen, existing] : chosen;
    if (!validate(targets, email)) return setSending(false);
    setSending(true);
    const iso = dueDate?.toISOString() ?? null;
    const done = new Set<string>();
    let failure: string | null = null;
    // One request per customer, so one failing customer does not stop the others.
    for (const customer of targets) {
      try {
        await requestDocuments.mutateAsync({
          customerId: customer.id,
          documentTypes: documentTypes(checklist.selected),
          acceptanceRules: acceptanceRules(checklist.selected),
          ...(iso ? { dueDate: iso } : {}),
        });
        if (iso) await cadence.applyTo(customer.id);
        done.add(customer.id);
      } catch (error) {
        const text = errorText(error);
        failure ??= text ? `Failed to request documents for customer: ${text}` : "Failed to request documents. Please try again.";
      }
    }
    let created = false;
    if (email) {
      try {
        const customer = await createCustomer.mutateAsync({
          email,
          name: nameFromEmail(email),
          dueDate: iso,
          requiredDocuments: requiredDocuments(checklist.selected),
        });
        if (iso) await cadence.applyTo(customer.id);
        created = true;
      } catch (error) {
        const text = errorText(error);
        failure ??= /limit reached/i.test(text) || !text ? createCustomerErrorMessage(error, "dashboard") : `Failed to create customer: ${text}`;
        if (/limit reached/i.test(text)) setUpgrade(true);
      }
    }
    setSending(false);

    if (failure) {
      // Keep only what still needs sending, so a retry does not ask the same customers twice.
      setRecipients((current) => new Map([...current].filter(([id]) => !done.has(id))));
      if (created || existing) setNewEmail("");
      toast({ title: "Error", description: failure, variant: "error" });
      return;
    }
    const total = done.size + (created ? 1 : 0);
    toast({
      title: "Document Request Sent",
      description:
        created && done.size === 0
          ? "New customer created and documents requested."
          : `Documents requested for ${plural(total)}.`,
      variant: "success",
    });
    onDone();
  }

  return (
    <div className="flex flex-col gap-5">
      <UpgradeRequiredDialog isOpen={upgrade} onOpenChange={setUpgrade} />
      <TemplatePicker checklist={checklist} loanType={recipients.values().next().value?.loanType} />
      <DocumentPicker checklist={checklist} title="Documents to request" />

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-base font-semibold text-slate-900">Due date (optional)</legend>
        <Checkbox isSelected={withDueDate} onChange={setWithDueDate}>
          Set a due date
        </Checkbox>
        {withDueDate ? (
          <DueTimeFields
            label="Due in"
            {...due.fields}
            errorMessage={dueError}
            description={dueDate ? `Due ${formatDueDate(dueDate)}` : undefined}
          />
        ) : null}
        {withDueDate ? <CadenceFields choice={cadence} /> : null}
      </fieldset>

      <section aria-label="Recipients" className="flex flex-col gap-3">
        <h3 className="text-base font-semibold text-slate-900">Recipients</h3>
        <RecipientPicker selected={recipients} onChange={setRecipients} cap={documentsCap} />
        <TextField
          label="New customer email (optional)"
          type="email"
          autoComplete="off"
          placeholder="new.customer@example.com"
          description={
            known
              ? `${known.name} is already your customer: the documents are requested from them.`
              : "We create the customer and send the invitation with these documents."
          }
          value={newEmail}
          onChange={setNewEmail}
          errorMessage={emailError}
        />
      </section>

      <DialogActions
        divided
        onCancel={onDone}
        onSubmit={() => void submit()}
        submitLabel="Send Request"
        pendingLabel="Sending..."
        isPending={sending}
      />
    </div>
  );
}
