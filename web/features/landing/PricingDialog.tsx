import { ModalDialog } from "../../components/ui/Dialog";
import { useSubscriptionQuery } from "../subscription/api";
import { usePlanCheckout } from "../subscription/PlanCheckout";
import { usePlans } from "../subscription/use-plans";
import { PlanCardGrid } from "./PlanCardGrid";
import { TryForFreeButton } from "./TryForFreeButton";

interface PricingDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Offered to signed-out visitors: start on the free plan. */
  onTryForFree?: () => void;
  /** Signed out: choosing a paid plan keeps it for after sign-in and opens the sign-in. */
  onSignIn?: () => void;
}

export function PricingDialog({ isOpen, onOpenChange, onTryForFree, onSignIn }: PricingDialogProps) {
  const { billingEnabled } = usePlans();
  const signedIn = onTryForFree === undefined;
  const subscription = useSubscriptionQuery({ enabled: signedIn });
  const checkout = usePlanCheckout({ onSignInRequired: onSignIn ?? onTryForFree });
  const currentPlan = signedIn ? (subscription.data?.subscription.plan ?? null) : null;
  return (
    <>
      <ModalDialog title="Plans and pricing" isOpen={isOpen} onOpenChange={onOpenChange} size="xl">
        {(close) => (
          <>
            <p className="text-slate-600">
              {billingEnabled
                ? "Every plan includes personal upload links, reminders and live updates. Prices are per month."
                : "Every plan includes personal upload links, reminders and live updates. Billing is not enabled on this portal, so nothing is charged and every broker has the Unlimited plan."}
            </p>
            <PlanCardGrid
              checkout={checkout}
              currentPlan={currentPlan}
              withActions={billingEnabled}
              onChoose={close}
              className="mt-6 gap-4"
            />
            {onTryForFree ? (
              <div className="mt-6 flex justify-end">
                <TryForFreeButton close={close} onTryForFree={onTryForFree} />
              </div>
            ) : null}
          </>
        )}
      </ModalDialog>
      {checkout.dialogs}
    </>
  );
}
