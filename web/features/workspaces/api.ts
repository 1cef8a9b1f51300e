import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Answer } from "@shared/api-routes";
import type { WorkspaceRole } from "@shared/workspaces";
import { apiFetch } from "../../api/client";
import { invalidate, refreshBrokerData, type ResourceKey } from "../../api/query-keys";
import { authKeys } from "../auth/api";

export type Workspace = Answer<"GET /api/workspace">;
export type Member = Answer<"GET /api/workspace/members">[number];

/** The team's data, under "workspace": its settings, its members, its pending invitations. */
export const workspaceKeys = {
  all: ["workspace"] as const satisfies ResourceKey,
  settings: ["workspace", "settings"] as const satisfies ResourceKey,
  members: ["workspace", "members"] as const satisfies ResourceKey,
  invitations: ["workspace", "invitations"] as const satisfies ResourceKey,
};

// The team changes by other people's hands (another owner, an invited person joining) and no live
// message names it, so each is asked again whenever the Team page opens, and kept while it is open.
const askedOnOpen = { staleTime: 0, refetchOnMount: "always" } as const;

const readWorkspace = ({ signal }: { signal: AbortSignal }) => apiFetch("/api/workspace", { signal });

/** Owners and brokers read the workspace (an assistant gets 403: `enabled` keeps them from asking). */
export function useWorkspaceQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ enabled, queryKey: workspaceKeys.settings, queryFn: readWorkspace, ...askedOnOpen });
}

/**
 * The same settings as cached: asked once, then kept (the Team page's read above and every team
 * change refresh them). For a screen that only needs the visibility beside the members list (the
 * customer page's Watching field): it must not ask again each time it opens.
 */
export function useCachedWorkspaceQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ enabled, queryKey: workspaceKeys.settings, queryFn: readWorkspace });
}

export function useMembersQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ enabled, queryKey: workspaceKeys.members, queryFn: ({ signal }) => apiFetch("/api/workspace/members", { signal }), ...askedOnOpen });
}

/** The owner's pending invitations (anyone else gets 403). */
export function useInvitationsQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ enabled, queryKey: workspaceKeys.invitations, queryFn: ({ signal }) => apiFetch("/api/workspace/invitations", { signal }), ...askedOnOpen });
}

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

/**
 * A change to the team refreshes the team and who is signed in (an owner may have changed their
 * own role); a change that moves customers (a removal, a handover) refreshes the broker's data too.
 */
function useTeamMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>, { movesCustomers = false } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      invalidate(queryClient, workspaceKeys.settings, workspaceKeys.members, workspaceKeys.invitations, authKeys.user);
      if (movesCustomers) refreshBrokerData(queryClient);
    },
  });
}

export const useUpdateWorkspaceMutation = () =>
  useTeamMutation((input: { name: string; visibility: Workspace["visibility"]; claimedDomains: string[]; defaultRole: WorkspaceRole; defaultLanguage: string | null }) =>
    apiFetch("/api/workspace", { method: "PUT", body: input }),
  );

export const useSetRoleMutation = () =>
  useTeamMutation(({ memberId, role }: { memberId: string; role: WorkspaceRole }) =>
    apiFetch(`/api/workspace/members/${encodeURIComponent(memberId)}`, { method: "PUT", body: { role } }),
  );

export const useRemoveMemberMutation = () =>
  useTeamMutation(
    ({ memberId, reassignTo }: { memberId: string; reassignTo: string }) =>
      apiFetch(`/api/workspace/members/${encodeURIComponent(memberId)}?reassignTo=${encodeURIComponent(reassignTo)}`, { method: "DELETE" }),
    { movesCustomers: true },
  );

export const useInviteMutation = () =>
  useTeamMutation((input: { email: string; role: WorkspaceRole }) => apiFetch("/api/workspace/invitations", { method: "POST", body: input }));

export const useWithdrawInvitationMutation = () =>
  useTeamMutation((id: string) => apiFetch(`/api/workspace/invitations/${encodeURIComponent(id)}`, { method: "DELETE" }));

export const useReassignCustomersMutation = () =>
  useTeamMutation((input: { fromMemberId: string; toMemberId: string }) => apiFetch("/api/customers/reassign", { method: "POST", body: input }), {
    movesCustomers: true,
  });
