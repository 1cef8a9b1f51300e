// Server state of one customer's documents and the broker's review actions.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BulkDueDateInput, DocumentDto, DueDateInput, MessageResponse, VerifyDocumentInput } from "@shared/api-types";
import { ApiError, apiFetch, errorMessageOf } from "../../api/client";
import { refreshBrokerData } from "../customers/api";

/** Every document mutation refreshes the customer it belongs to and the dashboard lists. */
function useDocumentMutation<Input>(customerId: string, request: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => refreshBrokerData(queryClient, customerId),
  });
}

export const useVerifyDocumentMutation = (customerId: string) =>
  useDocumentMutation(customerId, ({ documentId, ...input }: VerifyDocumentInput & { documentId: string }) =>
    apiFetch<DocumentDto>(`/api/documents/${documentId}/verify`, { method: "POST", body: input }),
  );

export const useSetDueDateMutation = (customerId: string) =>
  useDocumentMutation(customerId, ({ documentId, ...input }: DueDateInput & { documentId: string }) =>
    apiFetch<DocumentDto>(`/api/documents/${documentId}/due-date`, { method: "PUT", body: input }),
  );

export const useBulkDueDateMutation = (customerId: string) =>
  useDocumentMutation(customerId, (input: BulkDueDateInput) =>
    apiFetch<{ updated: number; documents: DocumentDto[] }>("/api/documents/bulk-due-date", { method: "PUT", body: input }),
  );

export const useDeleteDocumentMutation = (customerId: string) =>
  useDocumentMutation(customerId, (documentId: string) =>
    apiFetch<MessageResponse>(`/api/documents/${documentId}`, { method: "DELETE" }),
  );

/**
 * The file behind a document's fileUrl, for the in-page viewer. The server sends files as
 * attachments and forbids framing them, so the viewer shows a same-origin blob: copy instead.
 * Not kept after the viewer closes: files can be large.
 */
export function useDocumentFileQuery(fileUrl: string | null) {
  return useQuery({
    queryKey: ["document-file", fileUrl],
    queryFn: async ({ signal }) => {
      const response = await fetch(fileUrl!, { credentials: "include", signal });
      if (!response.ok) throw new ApiError(response.status, await errorMessageOf(response));
      return response.blob();
    },
    enabled: Boolean(fileUrl),
    gcTime: 0,
  });
}

/** A signed link to one file that works without signing in, for 15 minutes (for "copy link"). */
export function useFileLinkMutation() {
  return useMutation({
    mutationFn: (documentId: string) => apiFetch<{ url: string; expiresAt: string }>(`/api/documents/${documentId}/link`, { method: "POST" }),
  });
}
