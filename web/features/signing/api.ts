// Server state of signing (issue 41, DESIGN.md 3b): what a signer is asked to sign, and their sign
// and decline. The same calls for both kinds of signer: the customer through their upload link
// (under ["portal", link], so the portal's live channel refreshes it with the rest of the link's
// data) and another signer through the link of their own (["signing", token]).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Answer, BodyFor } from "@shared/api-routes";
import { ApiError, apiFetch } from "../../api/client";
import { invalidate, type ResourceKey } from "../../api/query-keys";

export type SignerView = Answer<"GET /api/sign/:token">;
export type SignBody = BodyFor<"POST", "/api/sign/:token/sign">;

/** Who signs: the customer (their upload link and the request) or another signer (their token). */
export type SignerSource = { kind: "link"; link: string; requestId: string } | { kind: "token"; token: string };

const basePath = (source: SignerSource) =>
  source.kind === "link" ? (`/api/upload/${source.link}/signature-requests/${source.requestId}` as const) : (`/api/sign/${source.token}` as const);

export const signingKeys = {
  /** Everything the upload link's customer is asked to sign (the portal's "Sign" cells). */
  linkList: (link: string) => ["portal", link, "signature-requests"] as const satisfies ResourceKey,
  one: (source: SignerSource): ResourceKey => (source.kind === "link" ? ["portal", source.link, "signature-requests", source.requestId] : ["signing", source.token]),
};

/** A link that no longer works (404) or a request that ended (409) is an answer, not a failure to retry. */
const retryUnlessRefused = (failureCount: number, error: Error) => !(error instanceof ApiError && error.status < 500) && failureCount < 3;

/**
 * The requests the customer signs through this link. Upload-link data is never cached (SPEC 9:
 * upload-link data 0), like the portal's own; the live channel refetches it.
 */
export function useLinkSignatureRequests(link: string) {
  return useQuery({
    queryKey: signingKeys.linkList(link),
    queryFn: ({ signal }) => apiFetch(`/api/upload/${link}/signature-requests`, { signal, cache: "no-store" }),
    staleTime: 0,
    gcTime: 0,
    retry: retryUnlessRefused,
  });
}

/** One request as this signer sees it. Reading it marks it viewed (the server records when). */
export function useSignerView(source: SignerSource) {
  return useQuery({
    queryKey: signingKeys.one(source),
    queryFn: ({ signal }) => apiFetch(basePath(source), { signal, cache: "no-store" }),
    staleTime: 0,
    gcTime: 0,
    retry: retryUnlessRefused,
  });
}

/** After signing or declining: the answer is the new view; the portal's list is read again. */
function useSignerMutation<Input>(source: SignerSource, send: (input: Input) => Promise<SignerView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (view) => {
      queryClient.setQueryData(signingKeys.one(source), view);
      if (source.kind === "link") invalidate(queryClient, ["portal", source.link]);
    },
  });
}

export function useSignMutation(source: SignerSource) {
  return useSignerMutation(source, (body: SignBody) => apiFetch(`${basePath(source)}/sign`, { method: "POST", body }));
}

export function useDeclineMutation(source: SignerSource) {
  return useSignerMutation(source, (reason: string) => apiFetch(`${basePath(source)}/decline`, { method: "POST", body: { reason } }));
}
