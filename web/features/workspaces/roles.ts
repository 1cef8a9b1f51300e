// What the signed-in member's role allows, for screens to hide or disable what the server would
// refuse (403) by the same rule (src/shared/workspaces.ts ROLES_THAT_MAY), and the words for roles.
import { roleMay, WORKSPACE_ROLES, type WorkspaceAction, type WorkspaceRole } from "@shared/workspaces";
import { useCurrentUser } from "../auth/api";

/** Whether the signed-in member may do this; false while nobody is signed in. */
export function useMemberMay(action: WorkspaceAction): boolean {
  const { user } = useCurrentUser();
  return user !== null && roleMay(user.role, action);
}

export const roleLabels: Record<WorkspaceRole, string> = { owner: "Owner", broker: "Broker", assistant: "Assistant" };

/** One line each, where a role is chosen (the invite form, the settings' default role). */
export const roleSummaries: Record<WorkspaceRole, string> = {
  owner: "Everything, including members, billing and workspace settings.",
  broker: "Works customers; may delete them and hand them to a colleague.",
  assistant: "Works the customers they see; cannot delete customers or change billing, members or settings.",
};

export const roleOptions = WORKSPACE_ROLES.map((id) => ({ id, label: roleLabels[id] }));

/** Why a control is not offered to this member: said where it would have been. */
export const notYoursToChange = {
  team: "Only the workspace's owner invites, changes roles and removes members.",
  settings: "Only the workspace's owner changes these settings.",
  billing: "Billing belongs to the workspace's owner: ask them to change the plan.",
  teamForAssistant: "The team's members and settings are managed by the workspace's owner and its brokers.",
};
