import { useState } from "react";
import { CalendarClock, CircleAlert, CreditCard, Crown, Info, Sparkles } from "lucide-react";
import type { SubscriptionDto } from "@shared/api-types";
import { getPlan, isPlanId } from "@shared/plans";
import { Badge } from "../../components/ui/Badge";
import { Button, LinkButton } from "../../components/ui/Button";
import { ProgressBar } from "../../components/ui/ProgressBar";
import { Spinner } from "../../components/ui/Spinner";
import { useSubscriptionQuery } from "../subscription/api";
import { PlanPrice } from "../subscription/PlanCard";
import { usePlans } from "../subscription/use-plans";
import { CancelSubscriptionDialog } from "./CancelSubscriptionDialog";
import { formatPeriodEnd } from "./dates";
import { Card } from "../../components/ui/Card";
import { usage, type Usage } from "./usage";
import { notYoursToChange, useMemberMay } from "../workspaces/roles";

/** Where every upgrade goes: the plan cards on the landing page (SPEC 2). */
export const PLANS_SECTION = "/#subscription_plan";

/** SPEC 3: with no subscription the view assumes the unlimited plan, active, no limits. */
const ASSUMED: SubscriptionDto = {
  subscription: { plan: "unlimited", status: "active", currentPeriodEnd: null },
  limits: { customersUsed: 0, customersLimit: -1, documentsUsed: 0, documentsLimit: -1, documentsPerCustomer: -1 },
  canCreateCustomer: true,
  canCreateDocument: true,
  billingEnabled: false,
};

/** SPEC 2 "Profile": the Current Subscription Plan card. */
export function SubscriptionPlanCard() {
  const query = useSubscriptionQuery();
  const status = query.data?.subscription.status;
  return (
    <Card
      title="Current Subscription Plan"
      icon={<CreditCard />}
      className="md:col-span-2"
      action={
        status === "active" ? (
          <Badge tone="green">Active</Badge>
        ) : status === "incomplete" ? (
          <Badge tone="amber">Incomplete</Badge>
        ) : null
      }
    >
      {query.isPending ? (
        <Spinner label="Loading subscription" className="w-full py-8" />
      ) : query.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
          <p>We could not load your subscription. Please try again.</p>
          <Button variant="secondary" size="sm" onPress={() => query.refetch()} isPending={query.isFetching}>
            Try Again
          </Button>
        </div>
      ) : (
        <PlanDetails subscription={query.data ?? ASSUMED} />
      )}
    </Card>
  );
}

function PlanDetails({ subscription: dto }: { subscription: SubscriptionDto }) {
  const [cancelOpen, setCancelOpen] = useState(false);
  const { plans } = usePlans();
  const { plan: planId, status, currentPeriodEnd } = dto.subscription;
  // The price this portal charges (the operator's), else the catalogue's.
  const plan = isPlanId(planId) ? (plans.find((candidate) => candidate.id === planId) ?? getPlan(planId)) : null;
  const planName = plan?.name ?? String(planId);
  const periodEnd = formatPeriodEnd(currentPeriodEnd);
  const isFree = planId === "free";
  const isHighest = planId === "unlimited";
  const billing = dto.billingEnabled !== false;
  // Every member sees the plan they work within; buying and cancelling are the owner's (403 to others).
  const managesBilling = useMemberMay("manageWorkspace");
  const canCancel = managesBilling && billing && !isFree && status === "active";
  const documents = usage(dto.limits?.documentsUsed, dto.limits?.documentsLimit);
  const customers = usage(dto.limits?.customersUsed, dto.limits?.customersLimit);

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
        <div>
          <p className="text-sm text-slate-500">Plan</p>
          <p className="text-2xl font-bold text-slate-900">{planName}</p>
        </div>
        {plan && billing ? (
          <p className="text-slate-700">
            <PlanPrice price={plan.price} />
          </p>
        ) : null}
      </div>

      {billing && !isFree && status === "active" && periodEnd ? (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <CalendarClock aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
          Renews on {periodEnd}
        </p>
      ) : null}

      {billing && status === "incomplete" ? (
        <div role="status" className="flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-red-900">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-600" />
          <div className="text-sm">
            <p className="font-semibold">Payment overdue</p>
            <p>
              The last payment for your {planName} plan did not go through. Stripe will try your card again; until a payment
              succeeds, the Free plan's limits apply.
            </p>
          </div>
        </div>
      ) : null}

      {status === "canceled" ? (
        <div role="status" className="flex items-start gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-amber-900">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-600" />
          <div className="text-sm">
            <p className="font-semibold">Canceled</p>
            <p>
              Your {planName} plan stays active until {periodEnd ?? "the end of the current billing period"}. After that your
              account moves to the Free plan. You may subscribe again at any time.
            </p>
          </div>
        </div>
      ) : null}

      {!billing ? (
        <div role="note" className="flex items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 text-slate-700">
          <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
          <p className="text-sm">Billing is not set up on this portal, so every broker has the Unlimited plan.</p>
        </div>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-2">
        <UsageMeter label="Documents Generated" usage={documents} />
        <UsageMeter label="Customers Added" usage={customers} />
      </div>

      <div className="flex flex-col gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:flex-wrap sm:items-center">
        {isHighest ? (
          <p className="flex items-center gap-2 font-medium text-brand-800">
            <Crown aria-hidden="true" className="size-5 shrink-0 text-brand-600" />
            You're on the highest plan!
          </p>
        ) : billing && !managesBilling ? (
          <p className="flex items-center gap-2 text-slate-700">
            <Info aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
            {notYoursToChange.billing}
          </p>
        ) : billing ? (
          <LinkButton href={PLANS_SECTION}>
            <Sparkles aria-hidden="true" className="size-5" />
            {isFree ? "Upgrade Plan" : "Upgrade to Higher Plan"}
          </LinkButton>
        ) : null}
        {canCancel ? (
          <Button variant="secondary" className="sm:ml-auto" onPress={() => setCancelOpen(true)}>
            Cancel Subscription
          </Button>
        ) : null}
      </div>

      <CancelSubscriptionDialog isOpen={cancelOpen} onOpenChange={setCancelOpen} planName={planName} periodEnd={periodEnd} />
    </div>
  );
}

/** "Documents Generated: 2/3" with a bar; an unlimited row shows ∞ and no bar to fill. */
function UsageMeter({ label, usage: row }: { label: string; usage: Usage }) {
  const text = `${label}: ${row.text}`;
  if (row.limit === null) {
    return (
      <div className="flex flex-col gap-1.5 rounded-lg border border-slate-200 p-3">
        <div className="flex items-center justify-between gap-2 text-sm">
          <p className="font-medium text-slate-700">{text}</p>
          <span className="text-slate-500">No limit</span>
        </div>
        <div aria-hidden="true" className="h-2 w-full rounded-full bg-brand-100" />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-1.5 rounded-lg border border-slate-200 p-3">
      <ProgressBar label={text} value={row.percent} valueLabel={row.atLimit ? "Limit reached" : undefined} />
    </div>
  );
}

