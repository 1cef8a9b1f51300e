// Server state of the broker's customers: one hook per endpoint, with the cache rules of
// SPEC section 9. Every change refreshes all the broker's data (see api/query-keys.ts).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CreateCustomerInput,
  RequestDocumentsInput,
  UpdateCustomerInput,
} from "@shared/api-types";
import { apiFetch, nullOn401 } from "../../api/client";
import { refreshBrokerData, useBrokerMutation, type ResourceKey } from "../../api/query-keys";

/** The customers resource: the two lists, and one customer with what hangs off it. */
export const customerKeys = {
  list: ["customers", "list"] as const satisfies ResourceKey,
  /** GET /api/all-customers: the list with invitation data. */
  listWithInvitations: ["customers", "list", "invitations"] as const satisfies ResourceKey,
  /** Everything about one customer: its detail and document limit are under this prefix. */
  one: (id: string) => ["customers", id] as const satisfies ResourceKey,
  documentLimit: (id: string) => ["customers", id, "document-limit"] as const satisfies ResourceKey,
};

/** SPEC: null on 401, an error on other failures. */
export function useCustomerQuery(id: string | undefined) {
  return useQuery({
    queryKey: customerKeys.one(id ?? ""),
    queryFn: ({ signal }) => nullOn401(apiFetch(`/api/customer/${id}`, { signal })),
    enabled: Boolean(id),
  });
}

export function useDocumentLimitQuery(id: string | undefined) {
  return useQuery({
    queryKey: customerKeys.documentLimit(id ?? ""),
    queryFn: ({ signal }) => apiFetch(`/api/customers/${id}/document-limit`, { signal }),
    enabled: Boolean(id),
  });
}

export const useCreateCustomerMutation = () =>
  useBrokerMutation((input: CreateCustomerInput) => apiFetch("/api/customers", { method: "POST", body: input }));

export const useUpdateCustomerMutation = (id: string) =>
  useBrokerMutation((input: UpdateCustomerInput) => apiFetch(`/api/customers/${id}`, { method: "PUT", body: input }));

export function useDeleteCustomerMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/customers/${id}`, { method: "DELETE" }),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: customerKeys.one(id) });
      refreshBrokerData(queryClient);
    },
  });
}

export const useRequestDocumentsMutation = () =>
  useBrokerMutation(({ customerId, ...input }: RequestDocumentsInput & { customerId: string }) =>
    apiFetch(`/api/customers/${customerId}/request-documents`, { method: "POST", body: input }),
  );

export const useResendInvitationMutation = () =>
  useBrokerMutation((id: string) => apiFetch(`/api/customers/${id}/resend-invitation`, { method: "POST" }));

export const useSendReminderMutation = () =>
  useBrokerMutation((id: string) => apiFetch(`/api/customer/${id}/send-reminder`, { method: "POST" }));

export const useSendBulkRemindersMutation = () =>
  useBrokerMutation(() => apiFetch("/api/send-bulk-reminders", { method: "POST" }));

/** PUT /api/customers/{id}/watchers: the members told of this customer besides the assignee (the whole list). */
export const useSetWatchersMutation = (id: string) =>
  useBrokerMutation((memberIds: string[]) => apiFetch(`/api/customers/${id}/watchers`, { method: "PUT", body: { memberIds } }));

/** PUT /api/customers/{id}/assignee: the customer goes to another member of the workspace. */
export const useAssignCustomerMutation = (id: string) =>
  useBrokerMutation((memberId: string) => apiFetch(`/api/customers/${id}/assignee`, { method: "PUT", body: { memberId } }));
