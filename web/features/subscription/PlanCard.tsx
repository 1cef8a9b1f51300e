import type { ReactNode } from "react";
import { Check } from "lucide-react";
import { formatLimit, formatPlanPrice, type Plan } from "@shared/plans";
import { cx } from "../../components/ui/cx";

function limitLine(limit: number, unlimited: string, limited: (n: string) => string): string {
  const shown = formatLimit(limit);
  return shown === "Unlimited" ? unlimited : limited(shown);
}

/**
 * One plan with its price, limits and features; `action` is the card's button. Without billing
 * (`charged` false) no price is shown: nothing is charged on this portal.
 */
export function PlanCard({
  plan,
  highlighted = false,
  current = false,
  charged = true,
  action,
}: {
  plan: Plan;
  highlighted?: boolean;
  current?: boolean;
  charged?: boolean;
  action?: ReactNode;
}) {
  return (
    <article
      aria-labelledby={`plan-${plan.id}`}
      className={cx(
        "flex flex-col rounded-xl border bg-white p-6 shadow-sm",
        highlighted ? "border-brand-500 ring-1 ring-brand-500" : "border-slate-200",
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id={`plan-${plan.id}`} className="text-lg font-semibold text-slate-900">
          {plan.name}
        </h3>
        {current ? (
          <span className="rounded-full bg-green-50 px-2.5 py-0.5 text-xs font-semibold text-green-700">Current</span>
        ) : highlighted ? (
          <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700">Popular</span>
        ) : null}
      </div>
      {charged ? (
        <p className="mt-3">
          <span className="text-3xl font-bold text-slate-900">{formatPlanPrice(plan.price)}</span>
          <span className="text-slate-500">/month</span>
        </p>
      ) : (
        <p className="mt-3 text-sm text-slate-500">Not charged on this portal</p>
      )}
      <ul className="mt-5 flex flex-1 flex-col gap-2 text-slate-700">
        <li>{limitLine(plan.customersLimit, "Unlimited customers", (n) => `Up to ${n} customers`)}</li>
        <li>{limitLine(plan.documentsLimit, "Unlimited documents per customer", (n) => `Up to ${n} documents per customer`)}</li>
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
            {feature}
          </li>
        ))}
      </ul>
      {action ? <div className="mt-6">{action}</div> : null}
    </article>
  );
}
