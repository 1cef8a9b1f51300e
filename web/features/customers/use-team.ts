import type { Answer } from "@shared/api-routes";
import { roleMay } from "@shared/workspaces";
import { useAuthUserQuery } from "../auth/api";
import { useMembersQuery } from "../workspaces/api";

export type WorkspaceMember = Answer<"GET /api/workspace/members">[number];

/**
 * Whether the signed-in broker works in a team, and with whom. Assignment's controls (the
 * assignee, "Mine / All", "Mine / Team") are shown only in a team: a solo broker's screens stay as
 * SPEC.md describes them. Only an owner can be alone (a workspace keeps at least one owner), so an
 * owner is a team once the member list has someone else on it, and anyone else always is.
 */
export function useTeam() {
  const user = useAuthUserQuery().data ?? null;
  const role = user?.role;
  const members = useMembersQuery({ enabled: role !== undefined && roleMay(role, "readWorkspace") });
  const list = members.data ?? [];
  return {
    isTeam: role !== undefined && (role !== "owner" || list.length > 1),
    /** The signed-in member's id. */
    me: user?.id ?? null,
    /** Everyone in the workspace (every role works customers, so each may be an assignee); empty for an assistant, who may not read the list. */
    members: list,
    /** Whether this member may hand a customer to another (src/shared/workspaces.ts ROLES_THAT_MAY). */
    mayAssign: role !== undefined && roleMay(role, "assignCustomers"),
  };
}
