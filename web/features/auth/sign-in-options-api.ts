// What the browser asks of two-factor and single sign-on: the sign-in's two steps, the
// provider the dialog offers, and a broker's own authenticator (status, set-up, recovery codes).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AnswerAt } from "@shared/api-routes";
import { apiFetch } from "../../api/client";
import type { ResourceKey } from "../../api/query-keys";
import { browserTimeZone } from "../../lib/time-zone";
import { authKeys, type SignInInput } from "./api";

/** POST /api/auth/signin's 202: the password was right, a code from the app is needed. */
export type SecondFactorChallenge = AnswerAt<"POST /api/auth/signin", 202>;
/** The authenticator to add: its secret, as a URI and as the QR code of it. */
export type TwoFactorSetup = AnswerAt<"POST /api/two-factor/setup", 200>;

/**
 * Under "auth": kept across sign-out like the user itself, so the status is keyed by the broker
 * (the next person on this browser never reads someone else's).
 */
export const signInOptionKeys = {
  oidc: ["auth", "oidc-settings"] as const satisfies ResourceKey,
  twoFactor: (userId: string) => ["auth", "two-factor", userId] as const satisfies ResourceKey,
};

/** The sign-in dialog's provider button; without an answer, only the password form shows. */
export function useOidcSettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: signInOptionKeys.oidc,
    queryFn: ({ signal }) => apiFetch("/api/oidc/settings", { signal }),
    staleTime: Infinity,
    retry: false,
  });
}

/** Where "Sign in with …" goes: a full page load, the provider's pages are not ours. */
export const OIDC_START_PATH = "/api/oidc/start";

/** Password sign-in that may stop halfway: a session (user) or a challenge for the second step. */
export function usePasswordSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInInput) =>
      apiFetch("/api/auth/signin", { method: "POST", body: { ...input, timeZone: browserTimeZone() } }),
    onSuccess: (result) => {
      if ("user" in result) queryClient.setQueryData(authKeys.user, result.user);
    },
  });
}

export function useVerifySecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { challenge: string; code: string }) => apiFetch("/api/two-factor/verify", { method: "POST", body: input }),
    onSuccess: ({ user }) => queryClient.setQueryData(authKeys.user, user),
  });
}

export function useTwoFactorStatus(userId: string) {
  return useQuery({
    queryKey: signInOptionKeys.twoFactor(userId),
    queryFn: ({ signal }) => apiFetch("/api/two-factor", { signal }),
    retry: false,
  });
}

function useTwoFactorWrite<Input, Output>(userId: string, request: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signInOptionKeys.twoFactor(userId) }),
  });
}

export const useBeginTwoFactorSetup = (userId: string) =>
  useTwoFactorWrite(userId, () => apiFetch("/api/two-factor/setup", { method: "POST" }));
/**
 * Not refreshing the status on success: the set-up still has the recovery codes to show, and
 * the screens that gate on the status would move on before the broker saved them. The set-up's
 * `onDone` refetches.
 */
export const useConfirmTwoFactor = () =>
  useMutation({ mutationFn: (code: string) => apiFetch("/api/two-factor/confirm", { method: "POST", body: { code } }) });
export const useNewRecoveryCodes = (userId: string) =>
  useTwoFactorWrite(userId, (code: string) => apiFetch("/api/two-factor/recovery-codes", { method: "POST", body: { code } }));
export const useDisableTwoFactor = (userId: string) =>
  useTwoFactorWrite(userId, (code: string) => apiFetch("/api/two-factor/disable", { method: "POST", body: { code } }));
