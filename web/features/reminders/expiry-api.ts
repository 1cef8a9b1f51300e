// The customer page's expiry dates: read per customer, changed per approved document. Kept apart
// from api.ts so the dashboard's first load (which uses api.ts) does not carry them.
import { useQuery } from "@tanstack/react-query";
import { apiFetch, nullOn401 } from "../../api/client";
import { useBrokerMutation, type ResourceKey } from "../../api/query-keys";
import { setDocumentExpiry } from "./api";

export const customerExpiriesKey = (customerId: string) => ["customers", customerId, "document-expiries"] as const satisfies ResourceKey;

/** The expiry dates on one customer's documents, by document id (the customer page shows them on approved rows). */
export function useDocumentExpiriesQuery(customerId: string) {
  return useQuery({
    queryKey: customerExpiriesKey(customerId),
    queryFn: ({ signal }) => nullOn401(apiFetch(`/api/customers/${customerId}/document-expiries`, { signal })),
    select: (data) => new Map((data?.documents ?? []).map((row) => [row.documentId, row.expiresOn])),
  });
}

/** Sets, changes or (with null) removes an approved document's expiry date; the customer page and Expiring soon follow. */
export function useSetExpiryMutation() {
  return useBrokerMutation(({ documentId, expiresOn }: { documentId: string; expiresOn: string | null }) => setDocumentExpiry(documentId, expiresOn));
}
