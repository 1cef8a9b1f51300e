// Workspaces' roles and visibility settings, for server and web alike.

/** owner > broker > assistant: each may do what the next may, and more. */
export const WORKSPACE_ROLES = ["owner", "broker", "assistant"] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** all: every member sees every customer; assigned: brokers and assistants see those assigned to them. */
export const WORKSPACE_VISIBILITIES = ["all", "assigned"] as const;
export type WorkspaceVisibility = (typeof WORKSPACE_VISIBILITIES)[number];

/**
 * What one member may reach: the access plugin resolves it for every broker request
 * (`member`), and the customers' scoped queries (customers/lookups.ts `visibleCustomers`) turn it
 * into the one SQL condition every customer read goes through.
 */
export interface Scope {
  /** The member's user id: who acts, and whose assigned customers they are. */
  memberId: string;
  workspaceId: string;
  role: WorkspaceRole;
  visibility: WorkspaceVisibility;
}

/** Whether the member sees every customer of their workspace, or only those assigned to them. */
export const seesEveryCustomer = (scope: Pick<Scope, "role" | "visibility">): boolean => scope.visibility === "all" || scope.role === "owner";

