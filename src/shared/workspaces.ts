// Workspaces' roles and visibility settings, for server and web alike.

/** owner > broker > assistant: each may do what the next may, and more. */
export const WORKSPACE_ROLES = ["owner", "broker", "assistant"] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** all: every member sees every customer; assigned: brokers and assistants see those assigned to them. */
export const WORKSPACE_VISIBILITIES = ["all", "assigned"] as const;
export type WorkspaceVisibility = (typeof WORKSPACE_VISIBILITIES)[number];
