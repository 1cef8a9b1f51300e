// An owner's invitations to join their workspace: one-time links, 7 days, kept only as the
// token's hash. Accepting one creates the account, which is auth's (auth/join.ts): this holds the
// invitation's rules and the membership it grants.
import { and, asc, desc, eq, gt, isNull, lt } from "drizzle-orm";
import { users, workspaceInvitations, workspaceMembers, workspaces } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { AppError, badRequest, notFound } from "../../lib/errors.ts";
import { perContext } from "../../lib/instance-state.ts";
import type { Writer } from "../../lib/jobs.ts";
import { FailureLimiter } from "../../lib/rate-limit.ts";
import { hashToken, newId, randomToken } from "../../lib/tokens.ts";
import { inTransaction, write } from "../../lib/unit-of-work.ts";
import { displayName } from "../../shared/user-display.ts";
import { isValidEmail, messages, normalizeEmail } from "../../shared/validation.ts";
import { INVITATION_TTL_DAYS, workspaceMessages, type Scope, type WorkspaceRole } from "../../shared/workspaces.ts";
import { queueEmail } from "../mail/service.ts";
import { workspaceInvitationEmail } from "../mail/broker-emails.ts";
import type { InvitationDto, JoinCheckDto } from "./model.ts";
import { requireRole } from "./permissions.ts";

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;

// Wrong invitation tokens, per caller: the token is 256 random bits, so this only keeps a
// guesser from making the portal do the lookups (and the password hashing of a join) in bulk.
const limitsFor = perContext("invitation token limits", "shared", "the counts are in the database (rate_limits); this holds only the limits' settings", (ctx: AppContext) => ({
  wrongTokens: new FailureLimiter(ctx, "invitation-wrong-tokens", 20, 15 * MINUTE),
}));

const toDto = (row: typeof workspaceInvitations.$inferSelect): InvitationDto => ({ id: row.id, email: row.email, role: row.role, expiresAt: row.expiresAt.toISOString() });

/**
 * The owner invites an email with a role: a link by email, valid 7 days. An address that already
 * is a member here: 409. One with an account in another workspace may be invited; joining then
 * says so (auth/join.ts), it is never moved. Inviting the same email again replaces the pending one.
 */
export async function inviteMember(ctx: AppContext, member: Scope, input: { email: string; role: WorkspaceRole }): Promise<InvitationDto> {
  requireRole(member, "manageWorkspace");
  const email = normalizeEmail(input.email);
  if (!isValidEmail(email)) throw badRequest(messages.invalidEmail);
  const token = randomToken();
  return inTransaction(ctx, async ({ tx, now }) => {
    const already = (await tx
      .select({ id: users.id })
      .from(users)
      .innerJoin(workspaceMembers, eq(workspaceMembers.userId, users.id))
      .where(and(eq(users.email, email), eq(workspaceMembers.workspaceId, member.workspaceId))))[0];
    if (already) throw new AppError("conflict", workspaceMessages.alreadyMember);
    await tx.delete(workspaceInvitations).where(and(eq(workspaceInvitations.workspaceId, member.workspaceId), eq(workspaceInvitations.email, email), isNull(workspaceInvitations.acceptedAt)));
    const row = (await tx
      .insert(workspaceInvitations)
      .values({ id: newId(), workspaceId: member.workspaceId, email, role: input.role, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY), createdBy: member.memberId })
      .returning())[0]!;
    const workspace = (await tx.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, member.workspaceId)))[0]!;
    const inviter = (await tx.select().from(users).where(eq(users.id, member.memberId)))[0];
    const content = workspaceInvitationEmail({
      workspaceName: workspace.name,
      inviterName: displayName(inviter),
      role: input.role,
      joinUrl: `${ctx.config.publicUrl}/join/${encodeURIComponent(token)}`,
      days: INVITATION_TTL_DAYS,
    });
    await queueEmail(ctx, tx, { kind: "workspace_invitation", to: email, dedupeKey: `workspace-invitation:${row.id}`, ...content });
    return toDto(row);
  });
}

/** The workspace's invitations still waiting to be accepted (not expired). */
export async function listInvitations(ctx: AppContext, member: Scope): Promise<InvitationDto[]> {
  requireRole(member, "manageWorkspace");
  const rows = await ctx.db
    .select()
    .from(workspaceInvitations)
    .where(and(eq(workspaceInvitations.workspaceId, member.workspaceId), isNull(workspaceInvitations.acceptedAt), gt(workspaceInvitations.expiresAt, ctx.clock.now())))
    .orderBy(asc(workspaceInvitations.createdAt), asc(workspaceInvitations.id));
  return rows.map(toDto);
}

/** The owner withdraws an invitation: its link stops working. Another workspace's id: 404. */
export async function revokeInvitation(ctx: AppContext, member: Scope, id: string): Promise<void> {
  requireRole(member, "manageWorkspace");
  const gone = await inTransaction(ctx, ({ tx }) =>
    tx.delete(workspaceInvitations).where(and(eq(workspaceInvitations.id, id), eq(workspaceInvitations.workspaceId, member.workspaceId))).returning({ id: workspaceInvitations.id }),
  );
  if (gone.length === 0) throw notFound(workspaceMessages.invitationNotFound);
}

export type UsableInvitation = typeof workspaceInvitations.$inferSelect & { workspaceName: string };

/**
 * The invitation a link's token opens, or 404 (unknown, used, expired or withdrawn: one message
 * for all). Wrong tokens count against the caller's address; past the limit, 429 before any lookup.
 */
export async function usableInvitation(ctx: AppContext, token: string, address: string): Promise<UsableInvitation> {
  const { wrongTokens } = limitsFor(ctx);
  const wait = await wrongTokens.retryAfter(address);
  if (wait > 0) throw new AppError("too_many_requests", workspaceMessages.tooManyInvitationTries, { retryAfter: wait });
  const row = (await ctx.db
    .select({ invitation: workspaceInvitations, workspaceName: workspaces.name })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
    .where(eq(workspaceInvitations.tokenHash, hashToken(token))))[0];
  if (!row || row.invitation.acceptedAt || row.invitation.expiresAt <= ctx.clock.now()) {
    await wrongTokens.take(address);
    throw notFound(workspaceMessages.invalidInvitation);
  }
  return { ...row.invitation, workspaceName: row.workspaceName };
}

/** GET /api/workspace/join/{token}: who is invited where, for the page to show before the form. */
export async function checkInvitation(ctx: AppContext, token: string, address: string): Promise<JoinCheckDto> {
  const invitation = await usableInvitation(ctx, token, address);
  return { email: invitation.email, workspaceName: invitation.workspaceName, role: invitation.role };
}

/**
 * Spends the invitation and makes the new account a member with its role, in the transaction
 * that creates the account. False when it was used, withdrawn or expired meanwhile (a second use
 * racing this one finds it taken): the caller rolls back.
 */
export async function joinByInvitation(tx: Writer, input: { invitationId: string; userId: string; now: Date }): Promise<boolean> {
  const claimed = (await tx
    .update(workspaceInvitations)
    .set({ acceptedAt: input.now })
    .where(and(eq(workspaceInvitations.id, input.invitationId), isNull(workspaceInvitations.acceptedAt), gt(workspaceInvitations.expiresAt, input.now)))
    .returning())[0];
  if (!claimed) return false;
  await tx.insert(workspaceMembers).values({ userId: input.userId, workspaceId: claimed.workspaceId, role: claimed.role });
  return true;
}

/**
 * A single sign-on proves the email as the link does: an account signing in so (a new one, or a
 * removed member's) accepts the newest invitation still open for its email. False when there is none.
 */
export async function joinByPendingInvitation(tx: Writer, input: { email: string; userId: string; now: Date }): Promise<boolean> {
  const open = (await tx
    .select({ id: workspaceInvitations.id })
    .from(workspaceInvitations)
    .where(and(eq(workspaceInvitations.email, input.email), isNull(workspaceInvitations.acceptedAt), gt(workspaceInvitations.expiresAt, input.now)))
    .orderBy(desc(workspaceInvitations.createdAt), desc(workspaceInvitations.id))
    .limit(1))[0];
  return open ? joinByInvitation(tx, { invitationId: open.id, userId: input.userId, now: input.now }) : false;
}

/** Expired invitations open nothing: dropped by the hourly task. Accepted ones stay, the record of who joined by whose invitation. */
export async function purgeExpiredInvitations(ctx: AppContext): Promise<void> {
  await write(ctx, (tx) => tx.delete(workspaceInvitations).where(and(isNull(workspaceInvitations.acceptedAt), lt(workspaceInvitations.expiresAt, ctx.clock.now()))));
}
