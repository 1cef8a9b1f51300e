import type { CustomerDto } from "@shared/api-types";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { toast } from "../../components/ui/Toast";
import { useSendReminderMutation } from "../customers/api";
import { errorText } from "./format";

/** Confirms, then emails the customer a reminder about the documents still outstanding. */
export function SendReminderDialog({
  customer,
  isOpen,
  onOpenChange,
}: {
  customer: Pick<CustomerDto, "id" | "name" | "email">;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const send = useSendReminderMutation();
  return (
    <ConfirmDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title="Send Reminder Email"
      confirmLabel="Send Reminder"
      pendingLabel="Sending..."
      isPending={send.isPending}
      onConfirm={() =>
        send.mutate(customer.id, {
          onSuccess: () => toast({ title: "Reminder email sent successfully to customer", variant: "success" }),
          onError: (error) => toast({ title: errorText(error, "Failed to send reminder email"), variant: "error" }),
          onSettled: () => onOpenChange(false),
        })
      }
    >
      <p>
        Send a reminder email to <span className="font-medium text-slate-900">{customer.name}</span> ({customer.email}) about the
        documents they still need to upload?
      </p>
    </ConfirmDialog>
  );
}
