import type { PlanId } from "@shared/plans";
import { cx } from "../../components/ui/cx";
import type { PlanCheckout } from "../subscription/PlanCheckout";
import { PlanCard } from "../subscription/PlanCard";
import { usePlans } from "../subscription/use-plans";
import { PlanButton } from "./PlanButton";

/**
 * Every plan as a card with its button, Basic highlighted and the current plan marked: the plan
 * section and the Pricing dialog. `withActions` false leaves the buttons out; `onChoose` runs
 * before a button's choice (the dialog closes itself).
 */
export function PlanCardGrid({
  checkout,
  currentPlan,
  withActions = true,
  onChoose,
  className,
}: {
  checkout: PlanCheckout;
  currentPlan: PlanId | null;
  withActions?: boolean;
  onChoose?: () => void;
  className?: string;
}) {
  const { plans, billingEnabled } = usePlans();
  return (
    <div className={cx("grid sm:grid-cols-2 lg:grid-cols-4", className)}>
      {plans.map((plan) => (
        <PlanCard
          key={plan.id}
          plan={plan}
          charged={billingEnabled}
          highlighted={plan.id === "basic"}
          current={billingEnabled && plan.id === currentPlan}
          action={withActions ? <PlanButton plan={plan} checkout={checkout} currentPlan={currentPlan} onPress={onChoose} /> : undefined}
        />
      ))}
    </div>
  );
}
