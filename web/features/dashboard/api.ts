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

/**
 * Whose dashboard: the team's (everything the broker sees: no parameter, the keys a solo broker
 * has always had) or "mine" (?assignee=me, the broker's own customers).
 */
export type DashboardView = "team" | "mine";
const mine = (view: DashboardView) => (view === "mine" ? ["mine"] : []);
const query = (view: DashboardView) => (view === "mine" ? "?assignee=me" : "");

export function useDashboardMetricsQuery(view: DashboardView = "team") {
  return useQuery({
    queryKey: [...dashboardKeys.metrics, ...mine(view)],
    queryFn: ({ signal }) => nullOn401(apiFetch(`/api/dashboard/metrics${query(view)}`, { signal })),
    staleTime: 15 * MINUTE,
    gcTime: 20 * MINUTE,
  });
}

/** Loaded when the Pending Documents dialog opens. */
export function usePendingDocumentsQuery(enabled: boolean, view: DashboardView = "team") {
  return useQuery({
    queryKey: [...dashboardKeys.pendingDocuments, ...mine(view)],
    queryFn: ({ signal }) => nullOn401(apiFetch(`/api/pending-documents${query(view)}`, { signal })),
    enabled,
    staleTime: 2 * MINUTE,
  });
}

/** Loaded when the Completed Today dialog opens. */
export function useCompletedDocumentsQuery(enabled: boolean, view: DashboardView = "team") {
  return useQuery({
    queryKey: [...dashboardKeys.completedDocuments, ...mine(view)],
    queryFn: ({ signal }) => nullOn401(apiFetch(`/api/completed-documents${query(view)}`, { signal })),
    enabled,
    staleTime: 2 * MINUTE,
  });
}
