import type { CustomerDto } from "@shared/api-types";
import { errorText } from "../../api/client";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { toast } from "../../components/ui/Toast";
import { useSendReminderMutation } from "./api";

/** Confirms, then emails one customer a reminder about their outstanding documents (dashboard and detail). */
export function SendReminderDialog({ customer, onClose }: { customer: Pick<CustomerDto, "id" | "name" | "email"> | null; onClose: () => void }) {
  const send = useSendReminderMutation();
  return (
    <ConfirmDialog
      isOpen={customer !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Send Reminder Email"
      confirmLabel="Send Reminder"
      pendingLabel="Sending..."
      isPending={send.isPending}
      onConfirm={() => {
        if (!customer) return;
        send.mutate(customer.id, {
          onSuccess: () => toast({ title: "Reminder email sent successfully to customer", variant: "success" }),
          // SPEC 8: the server's message, else this.
          onError: (error) => toast({ title: errorText(error, "Failed to send reminder email"), variant: "error" }),
          onSettled: onClose,
        });
      }}
    >
      <p>
        Send a reminder email to <span className="font-medium text-slate-900">{customer?.name}</span> ({customer?.email}) about the
        documents they still need to upload?
      </p>
    </ConfirmDialog>
  );
}
