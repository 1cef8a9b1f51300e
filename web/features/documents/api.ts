// Server state of one customer's documents and the broker's review actions. Every change
// refreshes the broker's data (see api/query-keys.ts), the customer it belongs to included.
import { useMutation, useQuery } from "@tanstack/react-query";
import type { BulkDueDateInput, DueDateInput, VerifyDocumentInput } from "@shared/api-types";
import { apiBlob, apiFetch } from "../../api/client";
import { useBrokerMutation, type ResourceKey } from "../../api/query-keys";

/** A file's bytes never change, so they sit under their own resource, never refreshed by data changes. */
export const fileKeys = { bytes: (fileUrl: string) => ["files", fileUrl] as const satisfies ResourceKey };

export const useVerifyDocumentMutation = () =>
  useBrokerMutation(({ documentId, ...input }: VerifyDocumentInput & { documentId: string }) =>
    apiFetch(`/api/documents/${documentId}/verify`, { method: "POST", body: input }),
  );

export const useSetDueDateMutation = () =>
  useBrokerMutation(({ documentId, ...input }: DueDateInput & { documentId: string }) =>
    apiFetch(`/api/documents/${documentId}/due-date`, { method: "PUT", body: input }),
  );

export const useBulkDueDateMutation = () =>
  useBrokerMutation((input: BulkDueDateInput) =>
    apiFetch("/api/documents/bulk-due-date", { method: "PUT", body: input }),
  );

export const useDeleteDocumentMutation = () =>
  useBrokerMutation((documentId: string) => apiFetch(`/api/documents/${documentId}`, { method: "DELETE" }));

/**
 * The file behind a document's fileUrl, for the in-page viewer. The server sends files as
 * attachments and forbids framing them, so the viewer shows a same-origin blob: copy instead.
 * Not kept after the viewer closes: files can be large.
 */
export function useDocumentFileQuery(fileUrl: string | null) {
  return useQuery({
    queryKey: fileKeys.bytes(fileUrl ?? ""),
    queryFn: ({ signal }) => apiBlob(fileUrl!, { signal }),
    enabled: Boolean(fileUrl),
    gcTime: 0,
  });
}

/** A signed link to one file that works without signing in, for 15 minutes (for "copy link"). */
export function useFileLinkMutation() {
  return useMutation({
    mutationFn: (documentId: string) => apiFetch(`/api/documents/${documentId}/link`, { method: "POST" }),
  });
}
