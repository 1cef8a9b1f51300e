// Who a signed-in broker is in their workspace: the membership every broker request resolves
// (the access plugin's { broker: true }), and what scoping starts from.
import { eq, sql } from "drizzle-orm";
import { workspaceMembers, workspaces } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { prepared } from "../../lib/prepared.ts";
import type { WorkspaceRole, WorkspaceVisibility } from "../../shared/workspaces.ts";

export interface Membership {
  workspaceId: string;
  role: WorkspaceRole;
  /** The workspace's setting: whether brokers and assistants see every customer or their own. */
  visibility: WorkspaceVisibility;
}

const membershipRow = prepared((db) =>
  db
    .select({ workspaceId: workspaceMembers.workspaceId, role: workspaceMembers.role, visibility: workspaces.visibility })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, sql.placeholder("userId")))
    .prepare(),
);

/**
 * The broker's membership, or null for an account in no workspace (a removed member). Asked on
 * every broker request, so kept beside the session lookup (ctx.brokerSessions), whose version
 * moves with any change to workspace_members or workspaces.
 */
export async function membershipOf(ctx: AppContext, userId: string): Promise<Membership | null> {
  return ctx.brokerSessions.value(`membership:${userId}`, async () => (await membershipRow(ctx.db).execute({ userId }))[0] ?? null);
}
