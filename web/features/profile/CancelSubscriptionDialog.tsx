import { CircleAlert } from "lucide-react";
import { Button } from "../../components/ui/Button";
import { ModalDialog } from "../../components/ui/Dialog";

export interface CancelSubscriptionDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  planName: string;
  /** Formatted end of the paid period, when known. */
  periodEnd: string | null;
}

/**
 * SPEC 2 "Profile": the cancel terms (no refund; active until the period end; then Free; may
 * resubscribe). The server cannot cancel yet, so the dialog says so instead of pretending.
 */
export function CancelSubscriptionDialog({ isOpen, onOpenChange, planName, periodEnd }: CancelSubscriptionDialogProps) {
  return (
    <ModalDialog title="Cancel Subscription" isOpen={isOpen} onOpenChange={onOpenChange}>
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
          <div role="note" className="flex items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
            <p className="text-sm">
              Cancelling from this screen will be available soon. Until then your subscription stays as it is.
            </p>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="danger" isDisabled>
              Cancel Subscription
              <span className="rounded-full bg-white/20 px-2 py-0.5 text-xs font-medium">Coming soon</span>
            </Button>
            <Button variant="secondary" onPress={close} autoFocus>
              Keep Subscription
            </Button>
          </div>
        </div>
      )}
    </ModalDialog>
  );
}
