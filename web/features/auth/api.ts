import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { Answer, AnswerAt } from "@shared/api-routes";
import type { SignInInput as SignInBody, SignUpInput as SignUpBody } from "@shared/api-types";
import { ApiError, apiFetch, nullOn401 } from "../../api/client";
import type { ResourceKey } from "../../api/query-keys";
import { browserTimeZone } from "../../lib/time-zone";

/** The signed-in broker as GET /api/auth/user returns it. */
export type AuthUser = Answer<"GET /api/auth/user">;
/** A session: the user (its token is for API clients; the browser relies on the HttpOnly cookie). */
export type AuthResponse = AnswerAt<"POST /api/auth/signin", 200>;
/** Sign-up's first step: a code was emailed (the account is created by the second step). */
export type CodeRequired = AnswerAt<"POST /api/auth/signup", 202>;

// The forms' input; the time zone is the browser's, added by the mutations.
export type SignInInput = Omit<SignInBody, "timeZone">;
/** With `code` (the 6 digits emailed by the first step) the account is created; without, one is sent. */
export type SignUpInput = Omit<SignUpBody, "timeZone">;

/** ["auth", "user"]: who is signed in. Everything else is dropped on sign-out. */
export const authKeys = { user: ["auth", "user"] as const satisfies ResourceKey };

const authUserQuery = {
  queryKey: authKeys.user,
  // Nobody signed in is an answer (null), not an error.
  queryFn: ({ signal }: { signal: AbortSignal }) => nullOn401(apiFetch("/api/auth/user", { signal })),
};

export function useAuthUserQuery() {
  return useQuery(authUserQuery);
}

/** Asks who is signed in before the first render (a broker screen opened from its address). */
export const prefetchCurrentUser = (queryClient: QueryClient) => queryClient.prefetchQuery(authUserQuery);

/**
 * Who is signed in, for screens. If the auth service cannot be reached the
 * visitor is treated as signed out (SPEC section 8) rather than stuck loading.
 */
export function useCurrentUser(): { user: AuthUser | null; isLoading: boolean } {
  const query = useAuthUserQuery();
  return { user: query.data ?? null, isLoading: query.isPending && query.fetchStatus !== "idle" };
}

export function useSignUpMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignUpInput) =>
      apiFetch("/api/auth/signup", { method: "POST", body: { ...input, timeZone: browserTimeZone() } }),
    onSuccess: (result) => {
      if ("user" in result) queryClient.setQueryData(authKeys.user, result.user);
    },
  });
}

export function useSignOutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await apiFetch("/api/auth/signout", { method: "POST" });
      } catch (error) {
        // An expired session is already signed out; that is what the user wanted.
        if (!(error instanceof ApiError && error.status === 401)) throw error;
      }
    },
    onSuccess: () => {
      // Drop the broker's cached data so the next person on this browser never sees it.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.user[0] });
      queryClient.setQueryData(authKeys.user, null);
    },
  });
}

/** Emails a single-use reset link if the address has an account (the answer is the same either way). */
export function useForgotPasswordMutation() {
  return useMutation({
    mutationFn: (email: string) => apiFetch("/api/auth/forgot-password", { method: "POST", body: { email } }),
  });
}

/**
 * Whether an emailed reset link still works, asked as its page opens (a used or expired link
 * answers 404 with the reason), so the form is not shown for a link that cannot be used.
 */
export function useResetTokenQuery(token: string) {
  return useQuery({
    queryKey: ["auth", "reset-token", token] satisfies ResourceKey,
    queryFn: ({ signal }) => apiFetch(`/api/auth/reset-password/${encodeURIComponent(token)}`, { signal }),
    enabled: token !== "",
    retry: false,
    gcTime: 0,
  });
}

export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: (input: { token: string; newPassword: string }) =>
      apiFetch("/api/auth/reset-password", { method: "POST", body: input }),
  });
}
