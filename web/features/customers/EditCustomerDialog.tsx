import { useState } from "react";
import type { CustomerDto } from "@shared/api-types";
import { isRequirement } from "@shared/documents";
import { editLoanTypeOptions, editLoanTypeValue } from "@shared/loan-types";
import { isValidEmail, MAX_NAME_LENGTH, messages } from "@shared/validation";
import { ModalDialog } from "../../components/ui/Dialog";
import { DialogActions } from "../../components/ui/DialogActions";
import { Select } from "../../components/ui/Select";
import { isLanguage, LANGUAGES } from "@shared/i18n/languages";
import { CustomerLanguageSelect, languageKey, languageValue } from "./language-choice";
import { Spinner } from "../../components/ui/Spinner";
import { TextField } from "../../components/ui/TextField";
import { toast } from "../../components/ui/Toast";
import { errorText } from "../../api/client";
import { usePlanLimits } from "../subscription/use-plan-limits";
import { useCustomerQuery, useRequestDocumentsMutation, useUpdateCustomerMutation } from "./api";
import { AddDocuments, CurrentDocuments } from "./CustomerDocumentsEditor";
import { REQUEST_LIMIT_REACHED } from "./errors";
import { documentTypes, useDocumentChecklist } from "./use-document-checklist";

export interface EditCustomerDialogProps {
  /** The customer being edited; the dialog is open while this is set. */
  customer: CustomerDto | null;
  onClose: () => void;
}

/** SPEC 2 "Edit Customer dialog": name, e-mail, loan type, and the customer's requested documents. */
export function EditCustomerDialog({ customer, onClose }: EditCustomerDialogProps) {
  return (
    <ModalDialog
      title="Edit Customer"
      size="lg"
      isDismissable={false}
      isOpen={customer !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {(close) => (customer ? <EditCustomerForm customer={customer} onDone={close} /> : null)}
    </ModalDialog>
  );
}

const plural = (n: number) => `${n} document${n === 1 ? "" : "s"}`;

/**
 * One Save for everything: the details, and the documents ticked under Add Documents (a second
 * button beside Save once let a broker believe ticked documents were requested when they were
 * not). A toast never claims more than was done.
 */
function EditCustomerForm({ customer, onDone }: { customer: CustomerDto; onDone: () => void }) {
  const { plan, documentsCap } = usePlanLimits();
  const detail = useCustomerQuery(customer.id);
  const update = useUpdateCustomerMutation(customer.id);
  const request = useRequestDocumentsMutation();
  const [name, setName] = useState(customer.name);
  const [email, setEmail] = useState(customer.email);
  const [loanType, setLoanType] = useState<string | null>(editLoanTypeValue(customer.loanType));
  const [language, setLanguage] = useState(languageKey(customer.language));
  const [triedSubmit, setTriedSubmit] = useState(false);
  const [saving, setSaving] = useState(false);
  const documents = (detail.data?.documents ?? []).filter((doc) => isRequirement(doc.status));
  const checklist = useDocumentChecklist({
    plan,
    existingNames: documents.map((doc) => doc.name),
    existing: "disable",
    lockStandardAt: documentsCap,
  });
  const emailError = triedSubmit && email.trim() && !isValidEmail(email.trim()) ? messages.invalidEmailShort : undefined;

  async function save() {
    setTriedSubmit(true);
    // Sent only when changed: left out, the server keeps it.
    const languageChange = language === languageKey(customer.language) ? {} : { language: languageValue(language) };
    const input = { name: name.trim(), email: email.trim(), loanType: loanType ?? "", ...languageChange };
    if (!input.name || !input.email || !input.loanType) {
      toast({ title: "Please fill in all required fields", variant: "error" });
      return;
    }
    if (!isValidEmail(input.email)) return;
    const adding = checklist.selected;
    // Refused before anything is saved, so the broker is never left with half a change.
    if (adding.length > 0 && documentsCap !== null && documents.length + adding.length > documentsCap) {
      toast({ title: REQUEST_LIMIT_REACHED, variant: "error" });
      return;
    }
    setSaving(true);
    try {
      try {
        await update.mutateAsync(input);
      } catch (error) {
        toast({ title: "Failed to update customer", description: errorText(error) || undefined, variant: "error" });
        return;
      }
      if (adding.length > 0) {
        try {
          await request.mutateAsync({ customerId: customer.id, documentTypes: documentTypes(adding) });
        } catch (error) {
          // The details are saved; the ticked documents stay ticked for another try.
          const text = errorText(error);
          toast({
            title: "Documents not requested",
            description: `The customer's details were saved, but the documents were not requested: ${/limit/i.test(text) ? REQUEST_LIMIT_REACHED : text || "please try again."}`,
            variant: "error",
          });
          return;
        }
      }
      toast({
        title: "Customer details updated successfully",
        description: adding.length > 0 ? `${plural(adding.length)} requested.` : undefined,
        variant: "success",
      });
      onDone();
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" isRequired maxLength={MAX_NAME_LENGTH} value={name} onChange={setName} autoComplete="off" />
        <TextField
          label="Email"
          type="email"
          isRequired
          value={email}
          onChange={setEmail}
          autoComplete="off"
          errorMessage={emailError}
        />
        <Select
          label="Loan Type"
          isRequired
          placeholder="Select a loan type"
          selectedKey={loanType}
          onSelectionChange={setLoanType}
          options={editLoanTypeOptions(customer.loanType)}
        />
        <div className="flex flex-col gap-1">
          <CustomerLanguageSelect value={language} onChange={setLanguage} />
          {isLanguage(customer.chosenLanguage) ? (
            <p className="text-sm text-slate-600">The customer chose {LANGUAGES[customer.chosenLanguage].name} in their portal; their choice comes first.</p>
          ) : null}
        </div>
      </div>

      {detail.isLoading ? (
        <Spinner label="Loading documents" />
      ) : detail.isError || !detail.data ? (
        <p className="text-sm text-red-700">The customer's documents could not be loaded.</p>
      ) : (
        <>
          <CurrentDocuments documents={documents} />
          <AddDocuments checklist={checklist} />
        </>
      )}

      <DialogActions
        divided
        onCancel={onDone}
        onSubmit={() => void save()}
        submitLabel={checklist.selected.length > 0 ? `Save and Request ${plural(checklist.selected.length)}` : "Save Changes"}
        pendingLabel="Saving..."
        isPending={saving}
      />
    </div>
  );
}
