// When a card needs 3-D Secure, Stripe takes the browser away to the bank and back to the
// payment's return_url (/dashboard) with ?payment_intent=…&payment_intent_client_secret=…
// &redirect_status=…. The payment dialog, and its activate call (SPEC 4 step 4), are gone by
// then, so this finishes the flow on that page: activate, refresh, and clear the address bar
// (the client secret must not stay in history). The webhook would activate eventually too; this
// makes it immediate, as for a payment without a redirect.
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import type { SubscriptionDto } from "@shared/api-types";
import { getPlan } from "@shared/plans";
import { apiFetch, ApiError } from "../../api/client";
import { invalidate, type ResourceKey } from "../../api/query-keys";
import { toast } from "../../components/ui/Toast";
import { activateSubscription, subscriptionKeys } from "./api";
import { POST_PAYMENT_INVALIDATE_MS, subscriptionToasts } from "./messages";

const RETURN_PARAMS = ["payment_intent", "payment_intent_client_secret", "redirect_status"] as const;

/** SPEC 7 "Cache refreshed after payment" (as PaymentDialog). */
const REFRESHED_AFTER_PAYMENT: readonly ResourceKey[] = [subscriptionKeys.current, ["dashboard"], ["customers"], ["auth", "user"], ["documents"]];

/** Stripe's return parameters, or null when the page was not opened by a payment redirect. */
export function readPaymentReturn(search: string): { paymentIntentId: string; redirectStatus: string } | null {
  const params = new URLSearchParams(search);
  const paymentIntentId = params.get("payment_intent");
  const redirectStatus = params.get("redirect_status");
  return paymentIntentId && redirectStatus ? { paymentIntentId, redirectStatus } : null;
}

// Each returned payment is handled once per page load, even when React runs effects twice.
const handled = new Set<string>();

/** Rendered on the return_url page; shows a status line once the plan is active. */
export function PaymentReturn() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [activePlan, setActivePlan] = useState<string | null>(null);
  const returned = readPaymentReturn(location.search);

  useEffect(() => {
    if (!returned) return;
    const rest = new URLSearchParams(location.search);
    for (const name of RETURN_PARAMS) rest.delete(name);
    const search = rest.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash }, { replace: true });
    if (handled.has(returned.paymentIntentId)) return;
    handled.add(returned.paymentIntentId);

    if (returned.redirectStatus !== "succeeded") {
      const status = returned.redirectStatus;
      toast(subscriptionToasts.paymentFailed(status === "failed" ? "Your payment could not be completed." : `The payment is ${status.replaceAll("_", " ")}.`));
      return;
    }
    const done = (summary: SubscriptionDto) => {
      setActivePlan(getPlan(summary.subscription.plan).name);
      invalidate(queryClient, ...REFRESHED_AFTER_PAYMENT);
      setTimeout(() => invalidate(queryClient, ...REFRESHED_AFTER_PAYMENT), POST_PAYMENT_INVALIDATE_MS);
    };
    activateSubscription(returned.paymentIntentId)
      .then(done)
      .catch(async (error: unknown) => {
        // 404: nothing is waiting any more, usually because Stripe's webhook activated the plan first.
        if (error instanceof ApiError && error.status === 404) {
          const summary = await apiFetch("/api/subscription").catch(() => null);
          if (summary && summary.subscription.plan !== "free" && summary.subscription.status === "active") return done(summary);
        }
        toast(subscriptionToasts.activationFailed);
      });
    // Runs when the address changes; `returned` is derived from it.
  }, [location.search]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!activePlan) return null;
  return (
    <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-emerald-900">
      Payment received. Your {activePlan} plan is active.
    </p>
  );
}
