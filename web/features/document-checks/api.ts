// The broker's side of the document checks: a request's acceptance rules and the decision on a
// customer's "I don't have this" answer. Every change refreshes the broker's data.
import { useQuery } from "@tanstack/react-query";
import type { AcceptanceRules } from "@shared/acceptance-rules";
import { apiFetch } from "../../api/client";
import { useBrokerMutation, type ResourceKey } from "../../api/query-keys";

export const standardRulesKey = ["documents", "acceptance-rules", "standard"] as const satisfies ResourceKey;

/** The rules a request without its own is held to (this server's standard); they never change while it runs. */
export const useStandardRulesQuery = () =>
  useQuery({ queryKey: standardRulesKey, queryFn: ({ signal }) => apiFetch("/api/documents/acceptance-rules/standard", { signal }), staleTime: Infinity });

export const useSetRulesMutation = () =>
  useBrokerMutation(({ documentId, rules }: { documentId: string; rules: AcceptanceRules | null }) =>
    apiFetch(`/api/documents/${documentId}/acceptance-rules`, { method: "PUT", body: { rules } }),
  );

export const useDecideUnavailableMutation = () =>
  useBrokerMutation(({ documentId, decision }: { documentId: string; decision: "accept" | "keep_open" }) =>
    apiFetch(`/api/documents/${documentId}/unavailable`, { method: "POST", body: { decision } }),
  );
