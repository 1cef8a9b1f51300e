import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Answer, AnswerAt } from "@shared/api-routes";
import type { ApiKeyScope } from "@shared/api-keys";
import type { WebhookEventType } from "@shared/webhooks";
import { apiFetch } from "../../api/client";
import { invalidate, type ResourceKey } from "../../api/query-keys";

export type WebhookEndpoint = Answer<"GET /api/webhooks">[number];

/** The Integrations page's data, under "integrations": the webhook endpoints and each one's delivery log. */
export const integrationKeys = {
  webhooks: ["integrations", "webhooks"] as const satisfies ResourceKey,
  deliveries: (endpointId: string) => ["integrations", "webhooks", endpointId, "deliveries"] as const satisfies ResourceKey,
};

// Deliveries happen in the background (no live message names them): asked again each time the page
// or a log opens, and by its Refresh button.
const askedOnOpen = { staleTime: 0, refetchOnMount: "always" } as const;

export function useWebhooksQuery() {
  return useQuery({ queryKey: integrationKeys.webhooks, queryFn: ({ signal }) => apiFetch("/api/webhooks", { signal }), ...askedOnOpen });
}

export function useDeliveriesQuery(endpointId: string) {
  return useQuery({ queryKey: integrationKeys.deliveries(endpointId), queryFn: ({ signal }) => apiFetch(`/api/webhooks/${endpointId}/deliveries`, { signal }), ...askedOnOpen });
}

function useWebhookMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidate(queryClient, integrationKeys.webhooks) });
}

export const useAddWebhookMutation = () =>
  useWebhookMutation((input: { url: string; events: WebhookEventType[] }) => apiFetch("/api/webhooks", { method: "POST", body: input }));
export const useDeleteWebhookMutation = () => useWebhookMutation((id: string) => apiFetch(`/api/webhooks/${id}`, { method: "DELETE" }));
export const useRotateSecretMutation = () => useWebhookMutation((id: string) => apiFetch(`/api/webhooks/${id}/rotate-secret`, { method: "POST" }));
export const useSendTestMutation = () => useWebhookMutation((id: string) => apiFetch(`/api/webhooks/${id}/test`, { method: "POST" }));
export const useResendMutation = () =>
  useWebhookMutation((input: { endpointId: string; deliveryId: string }) => apiFetch(`/api/webhooks/${input.endpointId}/deliveries/${input.deliveryId}/resend`, { method: "POST" }));

// ── API keys (issue 43, item 1) ──

export type ApiKey = Answer<"GET /api/api-keys">[number];
export type CreatedApiKey = AnswerAt<"POST /api/api-keys", 201>;

export const apiKeyKeys = {
  list: ["integrations", "api-keys"] as const satisfies ResourceKey,
};

/** The owner's keys (anyone else gets 403: the page is not offered to them). Another owner may add or revoke one, and last use moves: asked on open. */
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
