import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiFetch } from "../../api/client";

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

// Query keys are the request path, so invalidating "/api/auth/user" after a
// payment (SPEC section 7) names the same key.
export const AUTH_USER_KEY = ["/api/auth/user"] as const;

/** The current user, or null when nobody is signed in (a 401 is an answer, not an error). */
export async function fetchAuthUser(signal?: AbortSignal): Promise<AuthUser | null> {
  try {
    return await apiFetch<AuthUser>("/api/auth/user", { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function useAuthUserQuery() {
  return useQuery({
    queryKey: AUTH_USER_KEY,
    queryFn: ({ signal }) => fetchAuthUser(signal),
  });
}

/**
 * Who is signed in, for screens. If the auth service cannot be reached the
 * visitor is treated as signed out (SPEC section 8) rather than stuck loading.
 */
export function useCurrentUser(): { user: AuthUser | null; isLoading: boolean } {
  const query = useAuthUserQuery();
  return { user: query.data ?? null, isLoading: query.isPending && query.fetchStatus !== "idle" };
}

export function useSignInMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInInput) => apiFetch<AuthResponse>("/api/auth/signin", { method: "POST", body: input }),
    onSuccess: ({ user }) => queryClient.setQueryData(AUTH_USER_KEY, user),
  });
}

export function useSignUpMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignUpInput) => apiFetch<AuthResponse | CodeRequired>("/api/auth/signup", { method: "POST", body: input }),
    onSuccess: (result) => {
      if ("user" in result) queryClient.setQueryData(AUTH_USER_KEY, result.user);
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
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== AUTH_USER_KEY[0] });
      queryClient.setQueryData(AUTH_USER_KEY, null);
    },
  });
}
