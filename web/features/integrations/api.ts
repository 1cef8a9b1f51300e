import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Answer } from "@shared/api-routes";
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
