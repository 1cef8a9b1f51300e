// Server state of a customer's signature requests (DESIGN 3b): the list on the customer's page,
// sending a request (one multipart upload: the PDF and the request as JSON) and voiding one. The
// list sits under the customer's key, so the live channel's document changes (a signer viewed,
// signed or declined; the seal) and every broker write refresh it with the rest of the page.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DocumentDto } from "@shared/api-types";
import type { SignatureField } from "@shared/signatures";
import { apiFetch, apiUpload } from "../../api/client";
import { refreshBrokerData, useBrokerMutation, type ResourceKey } from "../../api/query-keys";

/** Whom a request is for: the customer, its first signer; their documents offer the shared PDFs. */
export interface SignatureCustomer {
  id: string;
  name: string;
  email: string;
  documents?: readonly DocumentDto[];
}

export const signatureKeys = {
  ofCustomer: (customerId: string) => ["customers", customerId, "signature-requests"] as const satisfies ResourceKey,
};

export function useSignatureRequestsQuery(customerId: string) {
  return useQuery({
    queryKey: signatureKeys.ofCustomer(customerId),
    queryFn: ({ signal }) => apiFetch(`/api/customers/${customerId}/signature-requests`, { signal }),
  });
}

export interface SignatureRequestInput {
  /** The PDF uploaded now; null when the request names a shared file (sharedDocumentId) or a template (templateId). */
  file: File | null;
  request: {
    sharedDocumentId?: string;
    templateId?: string;
    name: string;
    message?: string;
    dueDate?: string;
    ordered: boolean;
    signers: { name: string; email: string }[];
    fields: SignatureField[];
  };
}

/** POST /api/customers/{id}/signature-requests: `request` (JSON) first, then `file` unless a shared file or a template is named. */
export function useCreateSignatureRequestMutation(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, request }: SignatureRequestInput) => {
      const form = new FormData();
      form.append("request", JSON.stringify(request));
      if (file) form.append("file", file, file.name);
      return apiUpload(`/api/customers/${customerId}/signature-requests`, form);
    },
    onSuccess: () => refreshBrokerData(queryClient),
  });
}

export const useVoidSignatureRequestMutation = () =>
  useBrokerMutation((requestId: string) => apiFetch(`/api/signature-requests/${requestId}/void`, { method: "POST" }));

/** "Try again" on a request whose seal failed for good. */
export const useRetrySealMutation = () => useBrokerMutation((requestId: string) => apiFetch(`/api/signature-requests/${requestId}/seal`, { method: "POST" }));
/** Asks the signers who have not signed again (429 within a minute of a reminder to the customer). */
export const useResendSignatureRequestMutation = () =>
  useBrokerMutation((requestId: string) => apiFetch(`/api/signature-requests/${requestId}/resend`, { method: "POST" }));

/** The sealed PDF, sent as an attachment: a plain link downloads it with the session cookie. */
export const signedPdfUrl = (requestId: string) => `/api/signature-requests/${requestId}/download`;
