// The broker's own account and profile: ["profile"] (their contact and branding), and the
// account changes that ask for the password (new password, new sign-in email).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BrokerProfileDto, UpdateProfileInput } from "@shared/api-types";
import { apiFetch, apiUpload } from "../../api/client";
import { invalidate, type ResourceKey } from "../../api/query-keys";
import { authKeys } from "../auth/api";

export const profileKeys = { profile: ["profile"] as const satisfies ResourceKey };

export function useBrokerProfile() {
  return useQuery({
    queryKey: profileKeys.profile,
    queryFn: ({ signal }) => apiFetch("/api/profile", { signal }),
  });
}

/** Saving the profile may rename the broker: the header's name is fetched again too. */
function useProfileWrite<Input>(write: (input: Input) => Promise<BrokerProfileDto>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKeys.profile, profile);
      invalidate(queryClient, authKeys.user);
    },
  });
}

export const useUpdateProfile = () =>
  useProfileWrite((input: UpdateProfileInput) => apiFetch("/api/profile", { method: "PUT", body: input }));

export const useUploadLogo = () =>
  useProfileWrite((file: File) => {
    const form = new FormData();
    form.append("logo", file, file.name);
    return apiUpload("/api/profile/logo", form);
  });

export const useRemoveLogo = () => useProfileWrite(() => apiFetch("/api/profile/logo", { method: "DELETE" }));

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      apiFetch("/api/auth/change-password", { method: "POST", body: input }),
  });
}

/** Step 1: the password, and a code is emailed to the new address. */
export function useRequestEmailChange() {
  return useMutation({
    mutationFn: (input: { newEmail: string; password: string }) =>
      apiFetch("/api/auth/change-email", { method: "POST", body: input }),
  });
}

/** Step 2: the code makes the new address the sign-in email. */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiFetch("/api/auth/change-email/confirm", { method: "POST", body: { code } }),
    onSuccess: (user) => {
      queryClient.setQueryData(authKeys.user, user);
      invalidate(queryClient, profileKeys.profile);
    },
  });
}
