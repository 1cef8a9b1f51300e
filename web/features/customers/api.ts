// Server state of the broker's customers and dashboard: one hook per endpoint, with the cache,
// polling and retry rules of SPEC section 9. Query keys are the request paths.
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type {
  CreateCustomerInput,
  CustomerDetailDto,
  CustomerDto,
  DashboardDocumentRow,
  DashboardMetrics,
  DocumentLimit,
  MessageResponse,
  RemindersResponse,
  RequestDocumentsInput,
  DocumentDto,
  UpdateCustomerInput,
} from "@shared/api-types";
import { ApiError, apiFetch } from "../../api/client";

const MINUTE = 60_000;

export const keys = {
  metrics: ["/api/dashboard/metrics"] as const,
  customers: ["/api/customers"] as const,
  allCustomers: ["/api/all-customers"] as const,
  pending: ["/api/pending-documents"] as const,
  completed: ["/api/completed-documents"] as const,
  shared: ["/api/shared-documents"] as const,
  subscription: ["/api/subscription"] as const,
  customer: (id: string) => [`/api/customer/${id}`] as const,
  customerDocuments: (id: string) => [`/api/customer/${id}/documents`] as const,
  documentLimit: (id: string) => [`/api/customers/${id}/document-limit`] as const,
};

/** After any change: everything a broker screen may be showing is refetched. */
export function refreshBrokerData(queryClient: QueryClient, customerId?: string) {
  const stale = [keys.metrics, keys.customers, keys.allCustomers, keys.pending, keys.completed, keys.shared, keys.subscription];
  for (const key of stale) void queryClient.invalidateQueries({ queryKey: key });
  if (customerId) {
    for (const key of [keys.customer(customerId), keys.customerDocuments(customerId), keys.documentLimit(customerId)]) {
      void queryClient.invalidateQueries({ queryKey: key });
    }
  }
}

/** SPEC: a 401 on dashboard reads yields no data (null) instead of an error. */
async function nullOn401<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function useDashboardMetricsQuery() {
  return useQuery({
    queryKey: keys.metrics,
    queryFn: ({ signal }) => nullOn401(apiFetch<DashboardMetrics>(keys.metrics[0], { signal })),
    staleTime: 15 * MINUTE,
    gcTime: 20 * MINUTE,
  });
}

export function useCustomersQuery() {
  return useQuery({
    queryKey: keys.customers,
    queryFn: ({ signal }) => nullOn401(apiFetch<CustomerDto[]>(keys.customers[0], { signal })),
    staleTime: 15 * MINUTE,
    gcTime: 20 * MINUTE,
  });
}

export function useAllCustomersQuery() {
  return useQuery({
    queryKey: keys.allCustomers,
    queryFn: ({ signal }) => nullOn401(apiFetch<CustomerDto[]>(keys.allCustomers[0], { signal })),
    staleTime: 15 * MINUTE,
    gcTime: 20 * MINUTE,
  });
}

/** Loaded when the Pending Documents dialog opens. */
export function usePendingDocumentsQuery(enabled: boolean) {
  return useQuery({
    queryKey: keys.pending,
    queryFn: ({ signal }) => nullOn401(apiFetch<DashboardDocumentRow[]>(keys.pending[0], { signal })),
    enabled,
    staleTime: 2 * MINUTE,
  });
}

/** Loaded when the Completed Today dialog opens. */
export function useCompletedDocumentsQuery(enabled: boolean) {
  return useQuery({
    queryKey: keys.completed,
    queryFn: ({ signal }) => nullOn401(apiFetch<DashboardDocumentRow[]>(keys.completed[0], { signal })),
    enabled,
    staleTime: 2 * MINUTE,
  });
}

/** SPEC: null on 401, an error on other failures. */
export function useCustomerQuery(id: string | undefined) {
  return useQuery({
    queryKey: keys.customer(id ?? ""),
    queryFn: ({ signal }) => nullOn401(apiFetch<CustomerDetailDto>(keys.customer(id!)[0], { signal })),
    enabled: Boolean(id),
  });
}

export function useDocumentLimitQuery(id: string | undefined) {
  return useQuery({
    queryKey: keys.documentLimit(id ?? ""),
    queryFn: ({ signal }) => apiFetch<DocumentLimit>(keys.documentLimit(id!)[0], { signal }),
    enabled: Boolean(id),
  });
}

export function useCreateCustomerMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateCustomerInput) => apiFetch<CustomerDetailDto>("/api/customers", { method: "POST", body: input }),
    onSuccess: (customer) => refreshBrokerData(queryClient, customer.id),
  });
}

export function useUpdateCustomerMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateCustomerInput) => apiFetch<CustomerDetailDto>(`/api/customers/${id}`, { method: "PUT", body: input }),
    onSuccess: () => refreshBrokerData(queryClient, id),
  });
}

export function useDeleteCustomerMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<MessageResponse>(`/api/customers/${id}`, { method: "DELETE" }),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: keys.customer(id) });
      refreshBrokerData(queryClient);
    },
  });
}

export function useRequestDocumentsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ customerId, ...input }: RequestDocumentsInput & { customerId: string }) =>
      apiFetch<{ documents: DocumentDto[] }>(`/api/customers/${customerId}/request-documents`, { method: "POST", body: input }),
    onSuccess: (_data, { customerId }) => refreshBrokerData(queryClient, customerId),
  });
}

export function useResendInvitationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<MessageResponse>(`/api/customers/${id}/resend-invitation`, { method: "POST" }),
    onSuccess: (_data, id) => refreshBrokerData(queryClient, id),
  });
}

export function useSendReminderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<RemindersResponse>(`/api/customer/${id}/send-reminder`, { method: "POST" }),
    onSuccess: (_data, id) => refreshBrokerData(queryClient, id),
  });
}

export function useSendBulkRemindersMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<RemindersResponse>("/api/send-bulk-reminders", { method: "POST" }),
    onSuccess: () => refreshBrokerData(queryClient),
  });
}
