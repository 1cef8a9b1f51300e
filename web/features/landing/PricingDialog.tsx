import { PLANS } from "@shared/plans";
import { ModalDialog } from "../../components/ui/Dialog";
import { PlanCard } from "./PlanCard";
import { TryForFreeButton } from "./TryForFreeButton";

interface PricingDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Offered to signed-out visitors: start on the free plan. */
  onTryForFree?: () => void;
}

export function PricingDialog({ isOpen, onOpenChange, onTryForFree }: PricingDialogProps) {
  return (
    <ModalDialog title="Plans and pricing" isOpen={isOpen} onOpenChange={onOpenChange} size="xl">
      {(close) => (
        <>
          <p className="text-slate-600">Every plan includes personal upload links, reminders and live updates. Prices are per month.</p>
          <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {PLANS.map((plan) => (
              <PlanCard key={plan.id} plan={plan} highlighted={plan.id === "basic"} />
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
  );
}
