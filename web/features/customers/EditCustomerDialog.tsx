import { useState } from "react";
import type { CustomerDto } from "@shared/api-types";
import { isValidEmail, messages } from "@shared/validation";
import { ModalDialog } from "../../components/ui/Dialog";
import { DialogActions } from "../../components/ui/DialogActions";
import { Select } from "../../components/ui/Select";
import { TextField } from "../../components/ui/TextField";
import { toast } from "../../components/ui/Toast";
import { errorText } from "../../api/client";
import { useUpdateCustomerMutation } from "./api";
import { CustomerDocumentsEditor } from "./CustomerDocumentsEditor";
import { editLoanTypeOptions } from "@shared/loan-types";

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

function EditCustomerForm({ customer, onDone }: { customer: CustomerDto; onDone: () => void }) {
  const update = useUpdateCustomerMutation(customer.id);
  const [name, setName] = useState(customer.name);
  const [email, setEmail] = useState(customer.email);
  const [loanType, setLoanType] = useState<string | null>(customer.loanType);
  const [triedSubmit, setTriedSubmit] = useState(false);
  const emailError = triedSubmit && email.trim() && !isValidEmail(email.trim()) ? messages.invalidEmailShort : undefined;

  function save() {
    setTriedSubmit(true);
    const input = { name: name.trim(), email: email.trim(), loanType: loanType ?? "" };
    if (!input.name || !input.email || !input.loanType) {
      toast({ title: "Please fill in all required fields", variant: "error" });
      return;
    }
    if (!isValidEmail(input.email)) return;
    update.mutate(input, {
      onSuccess: () => {
        toast({ title: "Customer details updated successfully", variant: "success" });
        onDone();
      },
      onError: (error) => toast({ title: "Failed to update customer", description: errorText(error) || undefined, variant: "error" }),
    });
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" isRequired value={name} onChange={setName} autoComplete="off" />
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
      </div>

      <CustomerDocumentsEditor customerId={customer.id} />

      <DialogActions
        divided
        onCancel={onDone}
        onSubmit={save}
        submitLabel="Save Changes"
        pendingLabel="Saving..."
        isPending={update.isPending}
      />
    </div>
  );
}
