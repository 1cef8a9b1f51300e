// What `portal admin` asks of workspaces, for whoever runs the server: every workspace with its
// head count, one workspace's members, and making a member owner (the way back in when a
// workspace's only owner has left, or an owner is needed and none can be asked).
import { asc, count, eq } from "drizzle-orm";
import { workspaceMembers, workspaces } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import { inTransaction } from "../../lib/unit-of-work.ts";
import type { WorkspaceRole } from "../../shared/workspaces.ts";

export interface WorkspaceListing {
  id: string;
  name: string;
  members: number;
  claimedDomains: string[];
  createdAt: Date;
}

export async function listWorkspaces(ctx: AppContext): Promise<WorkspaceListing[]> {
  const heads = new Map(
    (await ctx.db.select({ id: workspaceMembers.workspaceId, n: count() }).from(workspaceMembers).groupBy(workspaceMembers.workspaceId)).map((r) => [r.id, r.n]),
  );
  const rows = await ctx.db.select().from(workspaces).orderBy(asc(workspaces.createdAt), asc(workspaces.id));
  return rows.map((w) => ({ id: w.id, name: w.name, members: heads.get(w.id) ?? 0, claimedDomains: w.claimedDomains, createdAt: w.createdAt }));
}

/** The workspace with this id, or not_found naming the command that lists them. */
export async function workspaceNamed(ctx: AppContext, id: string): Promise<{ id: string; name: string }> {
  const row = (await ctx.db.select({ id: workspaces.id, name: workspaces.name }).from(workspaces).where(eq(workspaces.id, id)))[0];
  if (!row) throw new AppError("not_found", `No workspace with the id "${id}". List them with: portal admin workspaces`);
  return row;
}

/** A workspace's members and their roles, the earliest first (as the Team list shows them). */
export async function membersOfWorkspace(ctx: AppContext, workspaceId: string): Promise<{ userId: string; role: WorkspaceRole }[]> {
  return ctx.db
    .select({ userId: workspaceMembers.userId, role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(asc(workspaceMembers.createdAt), asc(workspaceMembers.userId));
}

/**
 * Makes this account an owner of the workspace it belongs to. Its sessions stay: the new role
 * applies from its next request (the membership lookup follows the database). The role it had
 * before, or not_found when the account is in no workspace (a removed member: invite it first).
 */
export async function makeOwner(ctx: AppContext, input: { userId: string; email: string }): Promise<{ workspaceName: string; previousRole: WorkspaceRole }> {
  return inTransaction(ctx, async ({ tx }) => {
    const row = (await tx
      .select({ role: workspaceMembers.role, workspaceName: workspaces.name })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(eq(workspaceMembers.userId, input.userId)))[0];
    if (!row) throw new AppError("not_found", `${input.email} is not a member of any workspace (removed from theirs). An owner can invite them again.`);
    if (row.role !== "owner") await tx.update(workspaceMembers).set({ role: "owner" }).where(eq(workspaceMembers.userId, input.userId));
    return { workspaceName: row.workspaceName, previousRole: row.role };
  });
}
