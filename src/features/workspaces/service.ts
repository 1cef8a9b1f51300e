// A workspace's settings and its members' roles, as its owner manages them.
import { and, asc, count, eq } from "drizzle-orm";
import { workspaceMembers, workspaces } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { AppError, badRequest, notFound } from "../../lib/errors.ts";
import type { Writer } from "../../lib/jobs.ts";
import { inTransaction, type Unit } from "../../lib/unit-of-work.ts";
import { cleanName } from "../../shared/validation.ts";
import { workspaceMessages, type Scope, type WorkspaceRole } from "../../shared/workspaces.ts";
import { checkedClaims } from "./claimed-domains.ts";
import { checkedLanguage } from "./customer-language.ts";
import type { MemberDto, UpdateWorkspaceInput, WorkspaceDto } from "./model.ts";
import { requireRole } from "./permissions.ts";

/** The accounts' names and emails (auth's, handed down by src/app.ts: workspaces sits below auth). */
export type BrokersById = (ctx: AppContext, ids: string[]) => Promise<Map<string, { id: string; email: string; firstName: string | null; lastName: string | null }>>;

export async function workspaceOf(ctx: AppContext, member: Scope): Promise<WorkspaceDto> {
  const row = (await ctx.db.select().from(workspaces).where(eq(workspaces.id, member.workspaceId)))[0]!;
  return { id: row.id, name: row.name, role: member.role, visibility: row.visibility, claimedDomains: row.claimedDomains, defaultRole: row.defaultRole, defaultLanguage: row.defaultLanguage };
}

function checkedSettings(input: UpdateWorkspaceInput): Partial<typeof workspaces.$inferInsert> {
  const settings: Partial<typeof workspaces.$inferInsert> = {};
  if (input.name !== undefined) {
    const name = cleanName(input.name);
    if (!name) throw badRequest(workspaceMessages.nameRequired);
    settings.name = name;
  }
  if (input.visibility !== undefined) settings.visibility = input.visibility;
  // Everyone at a claimed domain would get billing and the members: owners are made one by one.
  if (input.defaultRole === "owner") throw badRequest(workspaceMessages.ownerAsDefaultRole);
  if (input.defaultRole !== undefined) settings.defaultRole = input.defaultRole;
  if (input.defaultLanguage !== undefined) settings.defaultLanguage = checkedLanguage(input.defaultLanguage);
  return settings;
}

/** The owner changes any of the workspace's settings. */
export async function updateWorkspace(ctx: AppContext, member: Scope, input: UpdateWorkspaceInput): Promise<WorkspaceDto> {
  requireRole(member, "manageWorkspace");
  // Every field is optional, so Elysia hands over a missing or unreadable body (text, XML, an
  // array) as {}: refuse a request that names no setting rather than answer success for nothing
  // (as broker-profile does).
  if (!Object.values(input).some((v) => v !== undefined)) throw badRequest(workspaceMessages.nothingToChange);
  const settings = checkedSettings(input);
  await inTransaction(ctx, async ({ tx, publish }) => {
    if (input.claimedDomains !== undefined) settings.claimedDomains = await checkedClaims(tx, member.workspaceId, input.claimedDomains);
    if (Object.keys(settings).length > 0) await tx.update(workspaces).set(settings).where(eq(workspaces.id, member.workspaceId));
    // Open live sockets hear by the new visibility at once (live/hub.ts).
    if (settings.visibility) publish({ type: "member_scope_changed", workspaceId: member.workspaceId, visibility: settings.visibility });
  });
  return workspaceOf(ctx, member);
}

export async function listMembers(ctx: AppContext, member: Scope, brokersById: BrokersById): Promise<MemberDto[]> {
  const rows = await ctx.db
    .select({ id: workspaceMembers.userId, role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.workspaceId, member.workspaceId))
    .orderBy(asc(workspaceMembers.createdAt), asc(workspaceMembers.userId));
  const accounts = await brokersById(ctx, rows.map((r) => r.id));
  return rows.map((r) => {
    const { email, firstName, lastName } = accounts.get(r.id)!;
    return { id: r.id, email, firstName, lastName, role: r.role };
  });
}

const ownerCount = async (tx: Writer, workspaceId: string) =>
  (await tx.select({ n: count() }).from(workspaceMembers).where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, "owner"))))[0]!.n;

/**
 * The owner gives a member another role. The last owner cannot stop being one (409): counted in
 * the write transaction, where writers take turns (db/transaction.ts), so two owners demoting each
 * other at once leave one owner.
 */
export async function setMemberRole(ctx: AppContext, member: Scope, input: { memberId: string; role: WorkspaceRole }, brokersById: BrokersById): Promise<MemberDto> {
  requireRole(member, "manageWorkspace");
  await inTransaction(ctx, async ({ tx, publish }) => {
    const target = (await tx.select().from(workspaceMembers).where(and(eq(workspaceMembers.userId, input.memberId), eq(workspaceMembers.workspaceId, member.workspaceId))))[0];
    if (!target) throw notFound(workspaceMessages.memberNotFound);
    // The asker's own role, read again here: another owner may have demoted them a moment ago.
    const asker = (await tx.select({ role: workspaceMembers.role }).from(workspaceMembers).where(eq(workspaceMembers.userId, member.memberId)))[0];
    if (asker?.role !== "owner") throw new AppError("forbidden", workspaceMessages.notAllowed);
    if (target.role === "owner" && input.role !== "owner" && (await ownerCount(tx, member.workspaceId)) <= 1) {
      throw new AppError("conflict", workspaceMessages.lastOwner);
    }
    await tx.update(workspaceMembers).set({ role: input.role }).where(eq(workspaceMembers.userId, input.memberId));
    // Their open live sockets hear by the new role at once (live/hub.ts).
    publish({ type: "member_scope_changed", workspaceId: member.workspaceId, memberId: input.memberId, role: input.role });
  });
  return (await listMembers(ctx, member, brokersById)).find((m) => m.id === input.memberId)!;
}

/** Who removes a member, for the audit trail: the owner's id and the client's address. */
export interface RemovedBy {
  memberId: string;
  address: string | null;
}

/** What removing a member takes from the features above (handed down by src/app.ts). */
export interface RemovalHooks {
  /**
   * customers' handOver: the member's customers go to another, in the same transaction, each
   * customer's audit trail naming `by` (the owner removing them, and where from).
   */
  moveCustomers: (unit: Unit, input: { workspaceId: string; fromMemberId: string; toMemberId: string; by: RemovedBy }) => Promise<number>;
  /** auth's endBrokerSessions: their sessions end, and the live sockets they opened close after the commit. */
  endSessions: (unit: Unit, userId: string) => Promise<number>;
  /** notifications' dropBrokerNotifications: theirs name the workspace's customers, and go with them. */
  dropNotifications: (unit: Unit, userId: string) => Promise<void>;
}

/**
 * The owner removes a member: in one transaction their customers go to `reassignTo` (by default
 * the owner removing them), their membership ends (and with it their watching of customers: the
 * cascade from workspace_members) and so do their sessions and notifications. The
 * account stays, in no workspace (it opens nothing, and signing in says so), until an invitation
 * brings it into a workspace again with nothing of before (auth/join.ts). The last owner cannot be
 * removed (409).
 */
export async function removeMember(ctx: AppContext, member: Scope, input: { memberId: string; reassignTo?: string; address: string | null }, hooks: RemovalHooks): Promise<{ moved: number }> {
  requireRole(member, "manageWorkspace");
  const toMemberId = input.reassignTo ?? member.memberId;
  if (toMemberId === input.memberId) throw badRequest(workspaceMessages.reassignToSelf);
  return inTransaction(ctx, async (unit) => {
    const { tx } = unit;
    const inWorkspace = async (userId: string) =>
      (await tx.select().from(workspaceMembers).where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.workspaceId, member.workspaceId))))[0];
    const target = await inWorkspace(input.memberId);
    if (!target || !(await inWorkspace(toMemberId))) throw notFound(workspaceMessages.memberNotFound);
    if ((await inWorkspace(member.memberId))?.role !== "owner") throw new AppError("forbidden", workspaceMessages.notAllowed);
    if (target.role === "owner" && (await ownerCount(tx, member.workspaceId)) <= 1) throw new AppError("conflict", workspaceMessages.lastOwner);
    const moved = await hooks.moveCustomers(unit, { workspaceId: member.workspaceId, fromMemberId: input.memberId, toMemberId, by: { memberId: member.memberId, address: input.address } });
    await tx.delete(workspaceMembers).where(eq(workspaceMembers.userId, input.memberId));
    await hooks.endSessions(unit, input.memberId);
    await hooks.dropNotifications(unit, input.memberId);
    return { moved };
  });
}
