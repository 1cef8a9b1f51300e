import { useNavigate } from "react-router";
import type { CustomerDto } from "@shared/api-types";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { toast } from "../../components/ui/Toast";
import { useDeleteCustomerMutation } from "../customers/api";

/** Deleting a customer removes everything they uploaded, so the dialog spells out what goes. */
export function DeleteCustomerDialog({
  customer,
  isOpen,
  onOpenChange,
}: {
  customer: Pick<CustomerDto, "id" | "name">;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  const remove = useDeleteCustomerMutation();
  return (
    <ConfirmDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title="Delete Customer"
      tone="danger"
      confirmLabel="Delete Customer"
      pendingLabel="Deleting..."
      isPending={remove.isPending}
      onConfirm={() =>
        remove.mutate(customer.id, {
          onSuccess: () => {
            toast({ title: "Customer deleted", description: `${customer.name} has been deleted.`, variant: "success" });
            onOpenChange(false);
            navigate("/customers");
          },
          onError: () => {
            toast({ title: "Failed to delete customer. Please try again.", variant: "error" });
            onOpenChange(false);
          },
        })
      }
    >
      <p>
        Delete <span className="font-medium text-slate-900">{customer.name}</span>? This permanently removes:
      </p>
      <ul className="mt-2 list-disc pl-5">
        <li>The customer's profile</li>
        <li>All uploaded documents</li>
        <li>Their document history</li>
        <li>Every verification status</li>
      </ul>
      <p className="mt-2 font-medium text-red-700">This action cannot be undone.</p>
    </ConfirmDialog>
  );
}
