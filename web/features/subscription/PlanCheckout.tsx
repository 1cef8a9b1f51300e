// Choosing a plan: the Free Plan Information and Confirm Plan Change dialogs, then payment.
// One hook for the landing plan cards and the Pricing dialog, so both behave the same.
import { useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { ArrowRight, Info } from "lucide-react";
import { getPlan, isPaidPlan, type Plan, type PlanId } from "@shared/plans";
import { Button } from "../../components/ui/Button";
import { ModalDialog } from "../../components/ui/Dialog";
import { toast } from "../../components/ui/Toast";
import { useCurrentUser } from "../auth/api";
import { useMemberMay } from "../workspaces/roles";
import { formatPeriodEnd } from "../profile/dates";
import { useSubscriptionQuery } from "./api";
import { subscriptionToasts } from "./messages";
import { PaymentDialog } from "./PaymentDialog";
import { storePendingSubscription } from "./pending-subscription";
import { planChoice, type PlanChoice } from "./plan-choice";
import { usePlans } from "./use-plans";
import { dialogFooterClass } from "../../components/ui/DialogActions";

export interface PlanCheckout {
  /** What pressing the plan's button would do (for its label and whether it is enabled). */
  choiceFor(plan: PlanId): PlanChoice;
  choose(plan: PlanId): void;
  /** The dialogs; render once next to the buttons. */
  dialogs: ReactNode;
}

export function usePlanCheckout({ onSignInRequired }: { onSignInRequired?: () => void } = {}): PlanCheckout {
  const { user } = useCurrentUser();
  const { data: subscription } = useSubscriptionQuery({ enabled: user !== null });
  const { plans, billingEnabled, publishableKey } = usePlans();
  const managesBilling = useMemberMay("manageWorkspace");
  const [open, setOpen] = useState<{ dialog: "free" } | { dialog: "confirm" | "pay"; plan: Plan } | null>(null);
  const priced = (id: PlanId) => plans.find((plan) => plan.id === id) ?? getPlan(id);

  const choiceFor = (plan: PlanId) => planChoice(plan, { billingEnabled, signedIn: user !== null, managesBilling, subscription, now: new Date() });
  const choose = (plan: PlanId) => {
    const choice = choiceFor(plan);
    switch (choice.kind) {
      case "sign-in":
        if (isPaidPlan(plan)) storePendingSubscription(plan);
        toast(subscriptionToasts.signInRequired);
        onSignInRequired?.();
        return;
      case "free-info":
        setOpen({ dialog: "free" });
        return;
      case "confirm-change":
        setOpen({ dialog: "confirm", plan: priced(plan) });
        return;
      case "pay":
        setOpen({ dialog: "pay", plan: priced(plan) });
        return;
      default:
        return;
    }
  };

  const current = subscription ? priced(subscription.subscription.plan) : null;
  const dialogs = (
    <>
      <FreePlanInfoDialog isOpen={open?.dialog === "free"} onOpenChange={(isOpen) => !isOpen && setOpen(null)} canCancel={user !== null} />
      <ConfirmPlanChangeDialog
        current={current}
        expiry={formatPeriodEnd(subscription?.subscription.currentPeriodEnd)}
        next={open?.dialog === "confirm" ? open.plan : null}
        onConfirm={(plan) => setOpen({ dialog: "pay", plan })}
        onOpenChange={(isOpen) => !isOpen && setOpen(null)}
      />
      {publishableKey ? (
        <PaymentDialog plan={open?.dialog === "pay" ? open.plan : null} publishableKey={publishableKey} onOpenChange={(isOpen) => !isOpen && setOpen(null)} />
      ) : null}
    </>
  );
  return { choiceFor, choose, dialogs };
}

/** SPEC 2: Free is never chosen directly; downgrading happens only through cancellation and expiry. */
export function FreePlanInfoDialog({ isOpen, onOpenChange, canCancel }: { isOpen: boolean; onOpenChange: (isOpen: boolean) => void; canCancel: boolean }) {
  const navigate = useNavigate();
  return (
    <ModalDialog title="Free Plan Information" isOpen={isOpen} onOpenChange={onOpenChange}>
      {(close) => (
        <div className="flex flex-col gap-4 text-slate-700">
          <div className="flex items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
            <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
            <p>Every new account starts on the Free plan. It cannot be chosen directly.</p>
          </div>
          <p>
            To move to Free from a paid plan, cancel your subscription on your Profile. Your paid plan stays active until the end of
            the period you paid for, and then your account is downgraded to the Free plan.
          </p>
          <div className={dialogFooterClass()}>
            {canCancel ? (
              <Button
                variant="secondary"
                onPress={() => {
                  close();
                  navigate("/profile");
                }}
              >
                Go to Profile
              </Button>
            ) : null}
            <Button onPress={close} autoFocus>
              Got it
            </Button>
          </div>
        </div>
      )}
    </ModalDialog>
  );
}

/** SPEC 2: choosing a plan while another paid plan is current: its name and expiry first. */
export function ConfirmPlanChangeDialog({
  current,
  expiry,
  next,
  onConfirm,
  onOpenChange,
}: {
  current: Plan | null;
  expiry: string | null;
  next: Plan | null;
  onConfirm: (plan: Plan) => void;
  onOpenChange: (isOpen: boolean) => void;
}) {
  return (
    <ModalDialog title="Confirm Plan Change" isOpen={next !== null} onOpenChange={onOpenChange}>
      {(close) =>
        next ? (
          <div className="flex flex-col gap-4 text-slate-700">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg border border-slate-200 p-3">
              <dt className="text-slate-500">Current plan</dt>
              <dd className="font-semibold text-slate-900">{current?.name ?? "—"}</dd>
              <dt className="text-slate-500">Expires</dt>
              <dd className="font-semibold text-slate-900">{expiry ?? "At the end of the current period"}</dd>
              <dt className="text-slate-500">New plan</dt>
              <dd className="font-semibold text-slate-900">{next.name}</dd>
            </dl>
            <p>
              Your new {next.name} plan starts as soon as its first payment goes through, and your {current?.name ?? "current"} subscription
              ends then. No refund is given for the rest of the current period.
            </p>
            <div className={dialogFooterClass()}>
              <Button variant="secondary" onPress={close}>
                Cancel
              </Button>
              <Button onPress={() => onConfirm(next)} autoFocus>
                Continue to Payment
                <ArrowRight aria-hidden="true" className="size-5" />
              </Button>
            </div>
          </div>
        ) : null
      }
    </ModalDialog>
  );
}
