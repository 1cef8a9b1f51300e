import { useNavigate } from "react-router";
import { CircleAlert } from "lucide-react";
import { limitMessages } from "@shared/limits";
import { PLANS, type Plan, type PlanId } from "@shared/plans";
import { Button } from "../../components/ui/Button";
import { ModalDialog } from "../../components/ui/Dialog";
import { cx } from "../../components/ui/cx";
import { useSubscriptionQuery } from "./api";
import { PlanCard } from "./PlanCard";
import { usePlans } from "./use-plans";
import { dialogFooterClass } from "../../components/ui/DialogActions";
import { notYoursToChange, useMemberMay } from "../workspaces/roles";

const PLANS_SECTION = "/#subscription_plan";

/** Plans above the current one on the ladder free → basic → pro → unlimited. */
export function plansAbove(current: PlanId, plans: readonly Plan[] = PLANS): Plan[] {
  const index = plans.findIndex((plan) => plan.id === current);
  return plans.slice(index + 1);
}

/** The inline notice shown wherever the customer limit stops the broker. */
export function CustomerLimitBanner({ className }: { className?: string }) {
  return (
    <div role="status" className={cx("flex items-start gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-amber-900", className)}>
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-600" />
      <p className="text-sm">{limitMessages.customerLimitBanner}</p>
    </div>
  );
}

/** SPEC 2 "Upgrade Required dialog": shown instead of Add New Customer when the plan is full. */
export function UpgradeRequiredDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (isOpen: boolean) => void }) {
  const navigate = useNavigate();
  const { data } = useSubscriptionQuery();
  const catalogue = usePlans();
  const plans = plansAbove(data?.subscription.plan ?? "free", catalogue.plans);
  // Only the owner buys a plan (anyone else gets 403): the others are told whom to ask.
  const managesBilling = useMemberMay("manageWorkspace");
  const goToPlans = (close: () => void) => {
    close();
    navigate(PLANS_SECTION);
  };

  return (
    <ModalDialog title="Upgrade Required" size="xl" isOpen={isOpen} onOpenChange={onOpenChange}>
      {(close) => (
        <div className="flex flex-col gap-5">
          <CustomerLimitBanner />
          {managesBilling ? null : <p className="text-slate-700">{notYoursToChange.billing}</p>}
          <ul className={cx("grid gap-4", plans.length > 1 && "md:grid-cols-3")}>
            {plans.map((plan) => {
              const highlighted = plan.id === "basic";
              return (
                <li key={plan.id}>
                  <PlanCard
                    plan={plan}
                    summary
                    highlighted={highlighted}
                    charged={catalogue.billingEnabled}
                    action={
                      managesBilling ? (
                        <Button variant={highlighted ? "primary" : "secondary"} className="w-full" onPress={() => goToPlans(close)}>
                          Upgrade to {plan.name}
                        </Button>
                      ) : undefined
                    }
                  />
                </li>
              );
            })}
          </ul>
          <div className={dialogFooterClass("border-t border-slate-200 pt-4")}>
            <Button variant="ghost" onPress={close}>
              Maybe Later
            </Button>
            <Button variant="secondary" onPress={() => goToPlans(close)}>
              View All Plans
            </Button>
          </div>
        </div>
      )}
    </ModalDialog>
  );
}
