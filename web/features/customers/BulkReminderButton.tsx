import { useState } from "react";
import { BellRing } from "lucide-react";
import { Button } from "../../components/ui/Button";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { toast } from "../../components/ui/Toast";
import { useSendBulkRemindersMutation } from "./api";
import { errorText } from "../../api/client";

/** Reminds every customer who still owes documents, after a confirmation. */
export function BulkReminderButton({ isDisabled }: { isDisabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const send = useSendBulkRemindersMutation();
  return (
    <>
      <Button variant="secondary" onPress={() => setOpen(true)} isDisabled={isDisabled}>
        <BellRing aria-hidden="true" className="size-5" />
        Send Bulk Reminders
      </Button>
      <ConfirmDialog
        isOpen={open}
        onOpenChange={setOpen}
        title="Send Reminders"
        confirmLabel="Send Reminders"
        pendingLabel="Sending..."
        isPending={send.isPending}
        onConfirm={() =>
          send.mutate(undefined, {
            onSuccess: ({ sentCount }) =>
              // Nothing sent is not a success to celebrate: say why instead.
              toast(
                sentCount === 0
                  ? {
                      title: "No reminders sent",
                      description: "No customer has documents waiting to be uploaded, or each was reminded within the last minute.",
                    }
                  : {
                      title: "Reminders sent successfully",
                      description: `Sent ${sentCount} reminder email${sentCount === 1 ? "" : "s"}`,
                      variant: "success",
                    },
              ),
            onError: (error) => toast({ title: errorText(error, "Failed to send reminder emails"), variant: "error" }),
            onSettled: () => setOpen(false),
          })
        }
      >
        Every customer with requested, incomplete or overdue documents gets a reminder e-mail. Customers with nothing
        outstanding are skipped.
      </ConfirmDialog>
    </>
  );
}
