import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Answer, AnswerAt } from "@shared/api-routes";
import type { ApiKeyScope } from "@shared/api-keys";
import { apiFetch } from "../../api/client";
import { invalidate, type ResourceKey } from "../../api/query-keys";

export type ApiKey = Answer<"GET /api/api-keys">[number];
export type CreatedApiKey = AnswerAt<"POST /api/api-keys", 201>;

/** The workspace's keys belong to the workspace (its owner manages them), so they sit under its root. */
export const apiKeyKeys = {
  list: ["workspace", "api-keys"] as const satisfies ResourceKey,
};

// Another owner may add or revoke keys, and a key's last use moves while the page is closed: asked
// again whenever the Integrations page opens, as the Team page asks for the team.
const askedOnOpen = { staleTime: 0, refetchOnMount: "always" } as const;

/** The owner's keys (anyone else gets 403: the page is not offered to them). */
export function useApiKeysQuery() {
  return useQuery({ queryKey: apiKeyKeys.list, queryFn: ({ signal }) => apiFetch("/api/api-keys", { signal }), ...askedOnOpen });
}

export function useCreateApiKeyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; scopes: ApiKeyScope[]; expiresAt: string | null }): Promise<CreatedApiKey> =>
      apiFetch("/api/api-keys", { method: "POST", body: input }),
    onSuccess: () => invalidate(queryClient, apiKeyKeys.list),
  });
}

export function useRevokeApiKeyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/api-keys/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => invalidate(queryClient, apiKeyKeys.list),
  });
}
