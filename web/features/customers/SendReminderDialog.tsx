import type { CustomerDto } from "@shared/api-types";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { toast } from "../../components/ui/Toast";
import { useSendReminderMutation } from "./api";
import { errorText } from "./errors";

/** Confirms, then e-mails one customer a reminder about their outstanding documents. */
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
          onError: (error) => toast({ title: errorText(error) || "Failed to send reminder email", variant: "error" }),
          onSettled: onClose,
        });
      }}
    >
      Send <strong className="text-slate-900">{customer?.name}</strong> ({customer?.email}) an e-mail reminding them to
      upload their outstanding documents?
    </ConfirmDialog>
  );
}
