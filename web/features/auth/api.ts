import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { ApiError, apiFetch, nullOn401 } from "../../api/client";
import type { ResourceKey } from "../../api/query-keys";

/** The signed-in broker as GET /api/auth/user returns it. */
export interface AuthUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

export interface AuthResponse {
  user: AuthUser;
  /** For API clients; the browser relies on the HttpOnly cookie and ignores it. */
  token: string;
}

export interface SignInInput {
  email: string;
  password: string;
}

export interface SignUpInput extends SignInInput {
  firstName?: string;
  lastName?: string;
  /** The 6-digit code emailed by the first step; without it the server sends one. */
  code?: string;
}

/** Sign-up's first step: a code was emailed (the account is created by the second step). */
export interface CodeRequired {
  codeRequired: true;
  message: string;
}

/** ["auth", "user"]: who is signed in. Everything else is dropped on sign-out. */
export const authKeys = { user: ["auth", "user"] as const satisfies ResourceKey };

const authUserQuery = {
  queryKey: authKeys.user,
  // Nobody signed in is an answer (null), not an error.
  queryFn: ({ signal }: { signal: AbortSignal }) => nullOn401(apiFetch<AuthUser>("/api/auth/user", { signal })),
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

/**
 * The browser's IANA time zone ("Europe/Berlin"), sent with sign-in and sign-up so the emails the
 * server writes for this broker print times as the broker reads them.
 */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export function useSignUpMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignUpInput) =>
      apiFetch<AuthResponse | CodeRequired>("/api/auth/signup", { method: "POST", body: { ...input, timeZone: browserTimeZone() } }),
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
        await apiFetch<{ message: string }>("/api/auth/signout", { method: "POST" });
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
    mutationFn: (email: string) => apiFetch<{ message: string }>("/api/auth/forgot-password", { method: "POST", body: { email } }),
  });
}

export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: (input: { token: string; newPassword: string }) =>
      apiFetch<{ message: string }>("/api/auth/reset-password", { method: "POST", body: input }),
  });
}
