// Who a signed-in broker is in their workspace: the membership every broker request resolves
// (the access plugin's { broker: true }), and what scoping starts from.
import { and, asc, eq, sql } from "drizzle-orm";
import { workspaceMembers, workspaces } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { prepared } from "../../lib/prepared.ts";
import type { Scope } from "../../shared/workspaces.ts";

const membershipRow = prepared((db) =>
  db
    .select({ memberId: workspaceMembers.userId, workspaceId: workspaceMembers.workspaceId, role: workspaceMembers.role, visibility: workspaces.visibility })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, sql.placeholder("userId")))
    .prepare(),
);

/**
 * The broker's membership as the scope of what they may reach, or null for an account in no workspace (a removed member). Asked on
 * every broker request, so kept beside the session lookup (ctx.brokerSessions), whose version
 * moves with any change to workspace_members or workspaces.
 */
export async function membershipOf(ctx: AppContext, userId: string): Promise<Scope | null> {
  return ctx.brokerSessions.value(`membership:${userId}`, async () => (await membershipRow(ctx.db).execute({ userId }))[0] ?? null);
}

/** Whether this account is a member of this workspace (a customer's assignee must be). */
export async function isMemberOf(ctx: AppContext, workspaceId: string, userId: string): Promise<boolean> {
  return Boolean((await ctx.db.select({ id: workspaceMembers.userId }).from(workspaceMembers).where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId))))[0]);
}

/** The ids of the workspace's owners, longest-standing first (who may change what only owners may). */
export async function ownersOf(ctx: AppContext, workspaceId: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, "owner")))
    .orderBy(asc(workspaceMembers.createdAt), asc(workspaceMembers.userId));
  return rows.map((r) => r.id);
}
