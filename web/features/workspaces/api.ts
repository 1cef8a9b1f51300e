import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ResourceKey } from "../../api/query-keys";
import { apiFetch } from "../../api/client";
import { authKeys } from "../auth/api";

/**
 * Whether an invitation link still works and who it invites where, asked as its page opens (an
 * invalid, expired or used link answers 404 with the reason), so the form is not shown for it.
 */
export function useInvitationQuery(token: string) {
  return useQuery({
    queryKey: ["workspace", "invitation", token] satisfies ResourceKey,
    queryFn: ({ signal }) => apiFetch(`/api/workspace/join/${encodeURIComponent(token)}`, { signal }),
    retry: false,
    gcTime: 0,
  });
}

/** Accepting: a new account in the inviting workspace, signed in (the cookie), as sign-up is. */
export function useJoinMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { token: string; password: string; firstName?: string; lastName?: string }) =>
      apiFetch("/api/workspace/join", { method: "POST", body: input }),
    // GET /api/auth/user names the workspace and role too: asked again rather than pieced together.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.user }),
  });
}
