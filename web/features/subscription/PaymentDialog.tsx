// SPEC 4 "Payment flow": (1) create the subscription for a client secret, (2) show Stripe's
// payment form, (3) confirm in the browser (no redirect unless the card needs one), (4) if the
// payment succeeded, activate, (5) refresh what the plan changes, (6) go to /dashboard after 500 ms.
import { useEffect, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { CircleAlert, Lock } from "lucide-react";
import { formatPlanPrice, type Plan } from "@shared/plans";
import { ApiError } from "../../api/client";
import { invalidate, type ResourceKey } from "../../api/query-keys";
import { Button } from "../../components/ui/Button";
import { ModalDialog } from "../../components/ui/Dialog";
import { Spinner } from "../../components/ui/Spinner";
import { toast } from "../../components/ui/Toast";
import { activateSubscription, createSubscription, subscriptionKeys } from "./api";
import { POST_PAYMENT_INVALIDATE_MS, POST_PAYMENT_REDIRECT_MS, subscriptionToasts } from "./messages";
import { PlanPrice } from "./PlanCard";
import { stripeFor } from "./stripe-loader";
import { dialogFooterClass } from "../../components/ui/DialogActions";

/** SPEC 7 "Cache refreshed after payment": subscription, metrics, customers, user, pending and completed. */
const REFRESHED_AFTER_PAYMENT: readonly ResourceKey[] = [subscriptionKeys.current, ["dashboard"], ["customers"], ["auth", "user"], ["documents"]];

// One create request per plan at a time: React's second effect run (StrictMode, development) and
// a remount while it is in flight share the request instead of racing it (the server answers a
// second concurrent create for the same broker with 409, and each would start a Stripe payment).
const creating = new Map<string, ReturnType<typeof createSubscription>>();
function createOnce(plan: string): ReturnType<typeof createSubscription> {
  let request = creating.get(plan);
  if (!request) {
    request = createSubscription(plan).finally(() => creating.delete(plan));
    creating.set(plan, request);
  }
  return request;
}

type Step = { kind: "creating" } | { kind: "failed"; message: string } | { kind: "paying"; clientSecret: string };

export interface PaymentDialogProps {
  plan: Plan | null;
  publishableKey: string;
  onOpenChange: (isOpen: boolean) => void;
}

/** Open while `plan` is set. */
export function PaymentDialog({ plan, publishableKey, onOpenChange }: PaymentDialogProps) {
  return (
    <ModalDialog title={plan ? `Subscribe to ${plan.name}` : "Subscribe"} isOpen={plan !== null} onOpenChange={onOpenChange} isDismissable={false}>
      {(close) => (plan ? <PaymentFlow plan={plan} publishableKey={publishableKey} close={close} /> : null)}
    </ModalDialog>
  );
}

function PaymentFlow({ plan, publishableKey, close }: { plan: Plan; publishableKey: string; close: () => void }) {
  const [step, setStep] = useState<Step>({ kind: "creating" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setStep({ kind: "creating" });
    createOnce(plan.id)
      .then(({ clientSecret }) => {
        if (!live) return;
        if (!clientSecret) {
          toast(subscriptionToasts.noClientSecret);
          setStep({ kind: "failed", message: subscriptionToasts.noClientSecret.title });
          return;
        }
        setStep({ kind: "paying", clientSecret });
      })
      .catch((error: unknown) => {
        if (!live) return;
        if (error instanceof ApiError && error.status === 401) {
          toast(subscriptionToasts.authenticationRequired);
          close();
          return;
        }
        const message = error instanceof Error ? error.message : String(error);
        toast(subscriptionToasts.creationFailed(message));
        setStep({ kind: "failed", message });
      });
    return () => {
      live = false;
    };
  }, [plan.id, attempt]); // eslint-disable-line react-hooks/exhaustive-deps

  if (step.kind === "creating") return <Spinner label="Preparing your payment" className="w-full py-10" />;
  if (step.kind === "failed") {
    return (
      <div className="flex flex-col gap-4">
        <div role="alert" className="flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-red-900">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-600" />
          <div className="text-sm">
            <p className="font-semibold">Subscription Creation Failed</p>
            <p>{step.message}</p>
          </div>
        </div>
        <div className={dialogFooterClass()}>
          <Button variant="secondary" onPress={close}>
            Cancel
          </Button>
          <Button onPress={() => setAttempt((n) => n + 1)}>Try Again</Button>
        </div>
      </div>
    );
  }
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret: step.clientSecret, appearance: { theme: "stripe" } }}>
      <PaymentForm plan={plan} close={close} />
    </Elements>
  );
}

function PaymentForm({ plan, close }: { plan: Plan; close: () => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isPaying, setPaying] = useState(false);
  const [done, setDone] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!stripe || !elements || isPaying) return;
    setPaying(true);
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        redirect: "if_required",
        confirmParams: { return_url: `${window.location.origin}/dashboard` },
      });
      if (error) {
        toast(subscriptionToasts.paymentFailed(error.message ?? "Your payment could not be completed."));
        return;
      }
      if (paymentIntent?.status !== "succeeded") {
        toast(subscriptionToasts.paymentFailed(`The payment is ${paymentIntent?.status?.replaceAll("_", " ") ?? "not complete"}.`));
        return;
      }
      try {
        await activateSubscription(paymentIntent.id);
      } catch {
        toast(subscriptionToasts.activationFailed);
        return;
      }
      setDone(true);
      setTimeout(() => invalidate(queryClient, ...REFRESHED_AFTER_PAYMENT), POST_PAYMENT_INVALIDATE_MS);
      setTimeout(() => {
        close();
        navigate("/dashboard");
      }, POST_PAYMENT_REDIRECT_MS);
    } catch {
      toast(subscriptionToasts.paymentError);
    } finally {
      setPaying(false);
    }
  };

  if (done) {
    return (
      <p role="status" className="py-6 text-center text-slate-700">
        Payment received. Your {plan.name} plan is active.
      </p>
    );
  }
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4">
      <p className="text-slate-700">
        <PlanPrice price={plan.price} />, billed monthly until you cancel.
      </p>
      <PaymentElement />
      <p className="flex items-center gap-2 text-xs text-slate-500">
        <Lock aria-hidden="true" className="size-4" />
        Card details go straight to Stripe; this portal never sees them.
      </p>
      <div className={dialogFooterClass()}>
        <Button variant="secondary" onPress={close} isDisabled={isPaying}>
          Cancel
        </Button>
        <Button type="submit" isDisabled={!stripe || !elements} isPending={isPaying}>
          {isPaying ? "Processing..." : `Pay ${formatPlanPrice(plan.price)}`}
        </Button>
      </div>
    </form>
  );
}
