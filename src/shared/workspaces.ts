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

/**
 * The members whose customers a member's view holds, as conditions on a customer's assignee (all
 * must hold): none, the whole workspace's; their own ("assigned" mode); a filter's ("Mine", a
 * colleague's), which narrows what the member sees and never widens it. Two different ids: no one's.
 */
export function viewedAssignees(scope: Scope, assigneeId?: string): string[] {
  const ids = seesEveryCustomer(scope) ? [] : [scope.memberId];
  if (assigneeId !== undefined && !ids.includes(assigneeId)) ids.push(assigneeId);
  return ids;
}

/** Whose a customer is: their workspace, and the member responsible for them. */
export interface CustomerOwnership {
  workspaceId: string;
  assigneeId: string;
}

/**
 * The one rule of visibility for a single customer: one of the member's workspace, and either
 * they see every customer or it is assigned to them. customers/lookups.ts `visibleCustomers` is
 * this condition as SQL; the live hub (which customer's events a socket hears) and the watchers
 * (who may watch, who is notified) ask it here.
 */
export const maySeeCustomer = (scope: Scope, customer: CustomerOwnership): boolean =>
  customer.workspaceId === scope.workspaceId && (seesEveryCustomer(scope) || customer.assigneeId === scope.memberId);

/**
 * What takes more than being a member, and which roles may do it. Everything else a member may
 * do on the customers they see. Written once: the server refuses by it (workspaces/permissions.ts)
 * and the web app hides by it.
 */
export const ROLES_THAT_MAY = {
  /** Read the workspace's settings and its members (an assistant works customers only). */
  readWorkspace: ["owner", "broker"],
  /** Change the workspace's settings, its members and invitations, billing and API keys. */
  manageWorkspace: ["owner"],
  /** Change what every customer of the workspace sees: its logo, accent colour and company name. */
  changeBranding: ["owner"],
  deleteCustomers: ["owner", "broker"],
  /** Hand a customer they see to another member (the whole pipeline of one member: manageWorkspace). */
  assignCustomers: ["owner", "broker"],
} as const satisfies Record<string, readonly WorkspaceRole[]>;
export type WorkspaceAction = keyof typeof ROLES_THAT_MAY;

export const roleMay = (role: WorkspaceRole, action: WorkspaceAction): boolean => (ROLES_THAT_MAY[action] as readonly WorkspaceRole[]).includes(role);

export const workspaceMessages = {
  notAllowed: "Your role in this workspace does not allow this. Ask the workspace's owner.",
  lastOwner: "A workspace needs at least one owner. Make another member owner first.",
  memberNotFound: "Member not found",
  ownerAsDefaultRole: "Single sign-on can make members brokers or assistants, not owners. Make a member owner from the team's list.",
  nameRequired: "The workspace needs a name",
  reassignToSelf: "Their customers need another member to go to: choose reassignTo",
  nothingToChange: "Send at least one workspace setting to change.",
  alreadyMember: "This email already belongs to a member of this workspace.",
  invitationNotFound: "Invitation not found",
  watcherCannotSee: "Watchers must be members of this workspace who may see this customer.",
  invalidInvitation: "This invitation link is invalid, expired or already used. Ask the workspace's owner for a new one.",
  accountElsewhere: "This email already has an account in another workspace. Its owner can remove it from there, then this invitation works; an account is never moved automatically.",
  noWorkspace: "Your account is no longer a member of a workspace on this portal. Ask a workspace's owner to invite you again.",
  tooManyInvitationTries: "Too many invalid invitation links were tried. Try again later.",
} as const;

/** How long an invitation's link works. */
export const INVITATION_TTL_DAYS = 7;
