// The refusal of an action a member's role does not allow (src/shared/workspaces.ts says which).
import { AppError } from "../../lib/errors.ts";
import { roleMay, workspaceMessages, type Scope, type WorkspaceAction } from "../../shared/workspaces.ts";

/** 403 unless the member's role may do this. */
export function requireRole(member: Scope, action: WorkspaceAction): void {
  if (!roleMay(member.role, action)) throw new AppError("forbidden", workspaceMessages.notAllowed);
}
