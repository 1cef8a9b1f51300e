import type { ReactNode } from "react";
import { Check } from "lucide-react";
import { formatLimit, formatPlanPrice, type Plan } from "@shared/plans";
import { cx } from "../../components/ui/cx";

function limitLine(limit: number, unlimited: string, limited: (n: string) => string): string {
  const shown = formatLimit(limit);
  return shown === "Unlimited" ? unlimited : limited(shown);
}

/** "$9.99/month": a plan's price, wherever one is shown (wrap it in the line it belongs to). */
export function PlanPrice({ price, large = false }: { price: number; large?: boolean }) {
  return (
    <>
      <span className={cx(large ? "text-3xl" : "text-2xl", "font-bold text-slate-900")}>{formatPlanPrice(price)}</span>
      <span className="text-slate-500">/month</span>
    </>
  );
}

/**
 * The two sizes of the tile: the full card of the plan section and the Pricing dialog (limits and
 * every feature), and the summary of Upgrade Required (SPEC 2: the first 3 features).
 */
const LOOK = {
  full: {
    box: "bg-white p-6 shadow-sm",
    highlighted: "border-brand-500 ring-1 ring-brand-500",
    badge: { label: "Popular", className: "bg-brand-50 text-brand-700" },
    price: "mt-3",
    features: "mt-5 text-slate-700",
    check: "size-5",
    action: "mt-6",
  },
  summary: {
    box: "h-full p-5",
    highlighted: "border-brand-500 bg-brand-50/40 ring-1 ring-brand-500",
    badge: { label: "Recommended", className: "bg-brand-600 text-white" },
    price: "mt-2",
    features: "mt-3 text-sm text-slate-700",
    check: "size-4",
    action: "mt-4",
  },
} as const;

/**
 * One plan with its price, limits and features; `action` is the tile's button. Without billing
 * (`charged` false) no price is shown: nothing is charged on this portal. `summary`: the short tile
 * of the Upgrade Required dialog, its first 3 features only.
 */
export function PlanCard({
  plan,
  highlighted = false,
  current = false,
  charged = true,
  summary = false,
  action,
}: {
  plan: Plan;
  highlighted?: boolean;
  current?: boolean;
  charged?: boolean;
  summary?: boolean;
  action?: ReactNode;
}) {
  const look = summary ? LOOK.summary : LOOK.full;
  const badge = "rounded-full px-2.5 py-0.5 text-xs font-semibold";
  return (
    <article
      aria-labelledby={`plan-${plan.id}`}
      className={cx("flex flex-col rounded-xl border", look.box, highlighted ? look.highlighted : "border-slate-200")}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id={`plan-${plan.id}`} className="text-lg font-semibold text-slate-900">
          {plan.name}
        </h3>
        {current ? (
          <span className={cx(badge, "bg-green-50 text-green-700")}>Current</span>
        ) : highlighted ? (
          <span className={cx(badge, look.badge.className)}>{look.badge.label}</span>
        ) : null}
      </div>
      {charged ? (
        <p className={look.price}>
          <PlanPrice price={plan.price} large={!summary} />
        </p>
      ) : summary ? null : (
        <p className="mt-3 text-sm text-slate-500">Not charged on this portal</p>
      )}
      <ul className={cx("flex flex-1 flex-col gap-2", look.features)}>
        {summary ? null : (
          <>
            <li>{limitLine(plan.customersLimit, "Unlimited customers", (n) => `Up to ${n} customers`)}</li>
            <li>{limitLine(plan.documentsLimit, "Unlimited documents per customer", (n) => `Up to ${n} documents per customer`)}</li>
          </>
        )}
        {(summary ? plan.features.slice(0, 3) : plan.features).map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check aria-hidden="true" className={cx("mt-0.5 shrink-0 text-brand-600", look.check)} />
            {feature}
          </li>
        ))}
      </ul>
      {action ? <div className={look.action}>{action}</div> : null}
    </article>
  );
}
