import { ModalDialog } from "../../components/ui/Dialog";
import { useSubscriptionQuery } from "../subscription/api";
import { usePlanCheckout } from "../subscription/PlanCheckout";
import { usePlans } from "../subscription/use-plans";
import { PlanButton } from "./PlanButton";
import { PlanCard } from "./PlanCard";
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
  const { plans, billingEnabled } = usePlans();
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
            <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {plans.map((plan) => (
                <PlanCard
                  key={plan.id}
                  plan={plan}
                  charged={billingEnabled}
                  highlighted={plan.id === "basic"}
                  current={billingEnabled && plan.id === currentPlan}
                  action={billingEnabled ? <PlanButton plan={plan} checkout={checkout} currentPlan={currentPlan} onPress={close} /> : undefined}
                />
              ))}
            </div>
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
