import { planRank, type Plan, type PlanId } from "@shared/plans";
import { Button } from "../../components/ui/Button";
import type { PlanCheckout } from "../subscription/PlanCheckout";

/** The button of a plan card: its words follow what choosing the plan would do. */
export function PlanButton({ plan, checkout, currentPlan, onPress }: { plan: Plan; checkout: PlanCheckout; currentPlan: PlanId | null; onPress?: () => void }) {
  const choice = checkout.choiceFor(plan.id);
  const choose = () => {
    onPress?.();
    checkout.choose(plan.id);
  };
  switch (choice.kind) {
    case "unavailable":
      return (
        <Button variant="secondary" isDisabled className="w-full">
          Billing is not enabled
        </Button>
      );
    case "owner-only":
      return (
        <Button variant="secondary" isDisabled className="w-full">
          Managed by the owner
        </Button>
      );
    case "current":
      return (
        <Button variant="secondary" isDisabled className="w-full">
          Current Plan
        </Button>
      );
    case "free-info":
      return (
        <Button variant="secondary" className="w-full" onPress={choose}>
          About the Free Plan
        </Button>
      );
    default: {
      const upgrade = currentPlan === null || planRank(plan.id) > planRank(currentPlan);
      return (
        <Button variant={plan.id === "basic" ? "primary" : "secondary"} className="w-full" onPress={choose}>
          {upgrade ? `Upgrade to ${plan.name}` : `Switch to ${plan.name}`}
        </Button>
      );
    }
  }
}
