import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch, ApiError } from "../../api/client";
import type { SubscriptionDto } from "@shared/api-types";
import { invalidate, type ResourceKey } from "../../api/query-keys";

export const subscriptionKeys = {
  current: ["subscription"] as const satisfies ResourceKey,
  settings: ["subscription", "billing-settings"] as const satisfies ResourceKey,
};

/** SPEC 9: polled every 30 s, stale after 5 min, one retry after 2 s, no refetch on focus. */
export function useSubscriptionQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: subscriptionKeys.current,
    queryFn: ({ signal }) => apiFetch("/api/subscription", { signal }),
    staleTime: 5 * 60_000,
    refetchInterval: 30_000,
    retry: 1,
    retryDelay: 2_000,
    refetchOnWindowFocus: false,
  });
}

/** Whether billing is on, Stripe's publishable key and the prices charged: fixed while the portal runs. */
export function useBillingSettings() {
  return useQuery({
    queryKey: subscriptionKeys.settings,
    queryFn: ({ signal }) => apiFetch("/api/billing/config", { signal }),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
  });
}

export const createSubscription = (plan: string) =>
  apiFetch("/api/create-subscription", { method: "POST", body: { plan } });

/**
 * Activates the plan this payment bought. Stripe's webhook may have activated it first, and then
 * nothing is waiting any more (404): the payment still succeeded, so the broker's plan, if it is
 * an active paid one, is the answer. Any other failure is the caller's to report.
 */
export async function activateSubscription(paymentIntentId: string): Promise<SubscriptionDto> {
  try {
    return await apiFetch("/api/activate-subscription", { method: "POST", body: { paymentIntentId } });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
    const summary = await apiFetch("/api/subscription");
    if (summary.subscription.plan !== "free" && summary.subscription.status === "active") return summary;
    throw error;
  }
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch("/api/cancel-subscription", { method: "POST" }),
    onSuccess: () => invalidate(queryClient, subscriptionKeys.current),
  });
}
