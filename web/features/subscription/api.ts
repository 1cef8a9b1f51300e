import { useQuery } from "@tanstack/react-query";
import type { SubscriptionDto } from "@shared/api-types";
import { apiFetch } from "../../api/client";
import { keys } from "../customers/api";

/** SPEC 9: polled every 30 s, stale after 5 min, one retry after 2 s, no refetch on focus. */
export function useSubscriptionQuery() {
  return useQuery({
    queryKey: keys.subscription,
    queryFn: ({ signal }) => apiFetch<SubscriptionDto>(keys.subscription[0], { signal }),
    staleTime: 5 * 60_000,
    refetchInterval: 30_000,
    retry: 1,
    retryDelay: 2_000,
    refetchOnWindowFocus: false,
  });
}
