import { useQuery } from "@tanstack/react-query";
import type { SubscriptionDto } from "@shared/api-types";
import { apiFetch } from "../../api/client";
import type { ResourceKey } from "../../api/query-keys";

export const subscriptionKeys = { current: ["subscription"] as const satisfies ResourceKey };

/** SPEC 9: polled every 30 s, stale after 5 min, one retry after 2 s, no refetch on focus. */
export function useSubscriptionQuery() {
  return useQuery({
    queryKey: subscriptionKeys.current,
    queryFn: ({ signal }) => apiFetch<SubscriptionDto>("/api/subscription", { signal }),
    staleTime: 5 * 60_000,
    refetchInterval: 30_000,
    retry: 1,
    retryDelay: 2_000,
    refetchOnWindowFocus: false,
  });
}
