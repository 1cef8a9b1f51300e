// Server state of the customer portal (SPEC 7 "customer calls"): the upload-link data, the
// customer's account calls and the file upload. Every error carries the server's message.
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { portalDataPath } from "@shared/page-preloads";
import type { AnswerAt, BodyFor, ServedPath } from "@shared/api-routes";
import { ApiError, apiFetch, apiUpload } from "../../api/client";
import type { ResourceKey } from "../../api/query-keys";
import { toast } from "../../components/ui/Toast";
import { customerNotificationSource, useNotifications } from "../notifications/api";
import type { Translate } from "../../lib/i18n/store";

/** ["portal", link]: what one upload link opens (the live channel refreshes it by this key). */
export const portalKeys = { one: (link: string) => ["portal", link] as const satisfies ResourceKey };

/** SPEC 7: no retry on 404 (the link is unknown), otherwise up to 3 retries. */
export function shouldRetryPortal(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status === 404) return false;
  return failureCount < 3;
}

/** Exponential back-off: 1 s, 2 s, 4 s … capped at 30 s. */
export const portalRetryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

/** The portal behind an upload link. Never cached (SPEC 9: upload-link data 0). */
export function usePortalQuery(link: string) {
  return useQuery({
    queryKey: portalKeys.one(link),
    // Statuses change while the customer looks: never answer from the HTTP cache.
    queryFn: ({ signal }) => apiFetch(portalDataPath(link), { signal, cache: "no-store" }),
    gcTime: 0,
    staleTime: 0,
    retry: shouldRetryPortal,
    retryDelay: portalRetryDelay,
  });
}

/** Refetches the portal now; resolves when the fresh data is in. */
export const refreshPortal = (queryClient: QueryClient, link: string) =>
  queryClient.refetchQueries({ queryKey: portalKeys.one(link), exact: true });

/** SPEC 4: after an upload the data is refetched at once and again after 100, 300 and 600 ms. */
export const REFETCH_AFTER_UPLOAD_MS = [0, 100, 300, 600] as const;

export function refreshPortalAfterUpload(queryClient: QueryClient, link: string): void {
  for (const delay of REFETCH_AFTER_UPLOAD_MS) {
    if (delay === 0) void refreshPortal(queryClient, link);
    else setTimeout(() => void refreshPortal(queryClient, link), delay);
  }
}

// ---- Customer account (SPEC 4 "Customer sign-in dialog") ----

const post = <Path extends ServedPath<"POST">>(path: Path, body: BodyFor<"POST", Path>) => apiFetch<Path, "POST">(path, { method: "POST", body });

export function useCheckEmailMutation(link: string) {
  return useMutation({
    mutationFn: (email: string) => post("/api/customer/check-email", { email, uploadLink: link }),
  });
}

/**
 * Sign-in and sign-up set the HttpOnly session cookie; the mutation stays pending until the
 * portal has been read again, so the dialog closes onto the signed-in view, not the guest one.
 */
function useSessionMutation<Input extends { email: string; password: string }>(link: string, path: "/api/customer/signin" | "/api/customer/signup", isNew: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) =>
      post(path, { ...input, uploadLink: link }).then((answer) => {
        if (isNew) newAccountLinks.add(link);
        else newAccountLinks.delete(link);
        return answer;
      }),
    onSuccess: () => refreshPortal(queryClient, link),
  });
}

/** Links on which an account was just created in this page: its greeting is not "Welcome back". */
const newAccountLinks = new Set<string>();
export const isNewAccount = (link: string) => newAccountLinks.has(link);

export const useCustomerSignInMutation = (link: string) => useSessionMutation(link, "/api/customer/signin", false);
/** Sign-up's second step: the emailed code makes the account and signs in. */
export const useCustomerSignUpMutation = (link: string) =>
  useSessionMutation<{ email: string; password: string; code: string }>(link, "/api/customer/signup", true);

/** Sign-up's first step: checks the form and emails a code to the link's address. */
export function useSignUpCodeMutation(link: string) {
  return useMutation({
    mutationFn: (input: { email: string; password: string }) =>
      // Without a code the route answers 202, a code was sent (its 201 is the signed-in account).
      post("/api/customer/signup", { ...input, uploadLink: link }) as Promise<AnswerAt<"POST /api/customer/signup", 202>>,
  });
}

export function useForgotPasswordMutation(link: string) {
  return useMutation({
    mutationFn: (email: string) => post("/api/customer/forgot-password", { email, uploadLink: link }),
  });
}

export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: (input: { token: string; newPassword: string }) => post("/api/customer/reset-password", input),
  });
}

export function useCustomerSignOutMutation(link: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => post("/api/customer/signout", {}),
    onSuccess: () => refreshPortal(queryClient, link),
  });
}

// ---- Notifications (SPEC 4) ----

export type CustomerNotifications = ReturnType<typeof useNotifications>;

/** The signed-in customer's notifications; a failed "mark all read" is said in a toast (SPEC 8). */
export function useCustomerNotifications(link: string, enabled: boolean, t: Translate): CustomerNotifications {
  return useNotifications(customerNotificationSource(link), enabled, () => toast({ title: t("notifications.markReadFailed"), variant: "error" }));
}

// ---- Upload (POST /api/upload/{link}/documents/{documentId}) ----

export interface UploadRequest {
  link: string;
  documentId: string;
  file: File;
  isGuest: boolean;
  /** The customer's note, when they send a file they were told does not look right. */
  note?: string;
  /** Whole percent of the request body sent, 0–100. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** Sends one file with progress; rejects like apiUpload (an ApiError with the server's message, or an AbortError). */
export function uploadDocument({ link, documentId, file, isGuest, note, onProgress, signal }: UploadRequest) {
  const form = new FormData();
  form.append("isGuest", String(isGuest));
  if (note) form.append("note", note);
  form.append("file", file, file.name);
  return apiUpload(`${portalDataPath(link)}/documents/${encodeURIComponent(documentId)}`, form, { onProgress, signal });
}
