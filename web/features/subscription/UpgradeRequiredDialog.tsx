import { useNavigate } from "react-router";
import { CircleAlert, Check } from "lucide-react";
import { limitMessages } from "@shared/limits";
import { PLANS, formatPlanPrice, type Plan, type PlanId } from "@shared/plans";
import { Button } from "../../components/ui/Button";
import { ModalDialog } from "../../components/ui/Dialog";
import { cx } from "../../components/ui/cx";
import { useSubscriptionQuery } from "./api";
import { usePlans } from "./use-plans";
import { dialogFooterClass } from "../../components/ui/DialogActions";

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
  const goToPlans = (close: () => void) => {
    close();
    navigate(PLANS_SECTION);
  };

  return (
    <ModalDialog title="Upgrade Required" size="xl" isOpen={isOpen} onOpenChange={onOpenChange}>
      {(close) => (
        <div className="flex flex-col gap-5">
          <CustomerLimitBanner />
          <ul className={cx("grid gap-4", plans.length > 1 && "md:grid-cols-3")}>
            {plans.map((plan) => {
              const highlighted = plan.id === "basic";
              return (
                <li
                  key={plan.id}
                  className={cx(
                    "flex flex-col rounded-xl border p-5",
                    highlighted ? "border-brand-500 bg-brand-50/40 ring-1 ring-brand-500" : "border-slate-200",
                  )}
                >
                  <div className="flex items-center justify-between gap-2">
                    <h3 className="text-lg font-semibold text-slate-900">{plan.name}</h3>
                    {highlighted ? (
                      <span className="rounded-full bg-brand-600 px-2.5 py-0.5 text-xs font-semibold text-white">Recommended</span>
                    ) : null}
                  </div>
                  {catalogue.billingEnabled ? (
                    <p className="mt-2">
                      <span className="text-2xl font-bold text-slate-900">{formatPlanPrice(plan.price)}</span>
                      <span className="text-slate-500">/month</span>
                    </p>
                  ) : null}
                  <ul className="mt-3 flex flex-1 flex-col gap-2 text-sm text-slate-700">
                    {plan.features.slice(0, 3).map((feature) => (
                      <li key={feature} className="flex items-start gap-2">
                        <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
                        {feature}
                      </li>
                    ))}
                  </ul>
                  <Button
                    variant={highlighted ? "primary" : "secondary"}
                    className="mt-4 w-full"
                    onPress={() => goToPlans(close)}
                  >
                    Upgrade to {plan.name}
                  </Button>
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
