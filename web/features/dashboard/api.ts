// Server state of the broker's dashboard (the server's dashboard feature): the metrics and
// the document lists behind its cards, with the cache rules of SPEC section 9.
import { useQuery } from "@tanstack/react-query";
import { apiFetch, nullOn401 } from "../../api/client";
import type { ResourceKey } from "../../api/query-keys";

const MINUTE = 60_000;

export const dashboardKeys = {
  metrics: ["dashboard", "metrics"] as const satisfies ResourceKey,
  pendingDocuments: ["dashboard", "pending-documents"] as const satisfies ResourceKey,
  completedDocuments: ["dashboard", "completed-documents"] as const satisfies ResourceKey,
};

export function useDashboardMetricsQuery() {
  return useQuery({
    queryKey: dashboardKeys.metrics,
    queryFn: ({ signal }) => nullOn401(apiFetch("/api/dashboard/metrics", { signal })),
    staleTime: 15 * MINUTE,
    gcTime: 20 * MINUTE,
  });
}

/** Loaded when the Pending Documents dialog opens. */
export function usePendingDocumentsQuery(enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.pendingDocuments,
    queryFn: ({ signal }) => nullOn401(apiFetch("/api/pending-documents", { signal })),
    enabled,
    staleTime: 2 * MINUTE,
  });
}

/** Loaded when the Completed Today dialog opens. */
export function useCompletedDocumentsQuery(enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.completedDocuments,
    queryFn: ({ signal }) => nullOn401(apiFetch("/api/completed-documents", { signal })),
    enabled,
    staleTime: 2 * MINUTE,
  });
}
