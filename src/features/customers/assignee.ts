// Which member an assignment or an `?assignee=` filter names: always a member of the asker's
// workspace. An id from anywhere else is a 404 like an unknown one, so it tells nothing.
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/errors.ts";
import { workspaceMessages, type Scope } from "../../shared/workspaces.ts";
import { isMemberOf } from "../workspaces/members.ts";

export async function requireMember(ctx: AppContext, member: Scope, memberId: string): Promise<void> {
  if (!(await isMemberOf(ctx, member.workspaceId, memberId))) throw notFound(workspaceMessages.memberNotFound);
}

/**
 * The member whose customers a filter asks for: "me" is the asker, any other id must be a member
 * of the asker's workspace; none: no filter. What it narrows is still only what the asker sees
 * (customers/lookups.ts visibleCustomers), so a colleague's id in "assigned" mode finds nothing.
 */
export async function filteredAssignee(ctx: AppContext, member: Scope, assignee: string | undefined): Promise<string | undefined> {
  if (assignee === undefined) return undefined;
  if (assignee === "me") return member.memberId;
  await requireMember(ctx, member, assignee);
  return assignee;
}
