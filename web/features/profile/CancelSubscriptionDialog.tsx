import { CircleAlert } from "lucide-react";
import { ApiError } from "../../api/client";
import { Button } from "../../components/ui/Button";
import { ModalDialog } from "../../components/ui/Dialog";
import { toast } from "../../components/ui/Toast";
import { useCancelSubscription } from "../subscription/api";
import { subscriptionToasts } from "../subscription/messages";
import { dialogFooterClass } from "../../components/ui/DialogActions";

export interface CancelSubscriptionDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  planName: string;
  /** Formatted end of the paid period, when known. */
  periodEnd: string | null;
}

/**
 * SPEC 2 "Profile": the cancel terms (no refund; active until the period end; then Free; may
 * resubscribe). Canceling asks the server, which cancels at Stripe at the period end; the
 * server's message is the toast (SPEC 8).
 */
export function CancelSubscriptionDialog({ isOpen, onOpenChange, planName, periodEnd }: CancelSubscriptionDialogProps) {
  const cancel = useCancelSubscription();
  return (
    <ModalDialog title="Cancel Subscription" isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={!cancel.isPending}>
      {(close) => (
        <div className="flex flex-col gap-4 text-slate-700">
          <p>Before you cancel your {planName} plan, please note:</p>
          <ul className="flex list-disc flex-col gap-2 pl-5">
            <li>No refund is given for the current billing period.</li>
            <li>
              Your {planName} plan stays active until{" "}
              {periodEnd ? <strong className="font-semibold text-slate-900">{periodEnd}</strong> : "the end of the current billing period"}.
            </li>
            <li>After that, your account is downgraded to the Free plan.</li>
            <li>You may subscribe again at any time.</li>
          </ul>
          <div role="note" className="flex items-start gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-amber-900">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-600" />
            <p className="text-sm">Canceling stops the renewal. Nothing else changes until the period ends.</p>
          </div>
          <div className={dialogFooterClass()}>
            <Button
              variant="danger"
              isPending={cancel.isPending}
              onPress={() =>
                cancel.mutate(undefined, {
                  onSuccess: ({ message }) => {
                    toast(subscriptionToasts.canceled(message));
                    close();
                  },
                  onError: (error) => toast(subscriptionToasts.cancelFailed(error instanceof ApiError && error.fromServer ? error.message : null)),
                })
              }
            >
              {cancel.isPending ? "Canceling..." : "Cancel Subscription"}
            </Button>
            <Button variant="secondary" onPress={close} autoFocus isDisabled={cancel.isPending}>
              Keep Subscription
            </Button>
          </div>
        </div>
      )}
    </ModalDialog>
  );
}
