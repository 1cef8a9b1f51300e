// Accepting a workspace invitation (workspaces/invitations.ts): a broker account that is a member
// of the inviting workspace with the invited role, and a session, as sign-up gives.
// - A new email: a new account.
// - An account in no workspace (a member removed from theirs): it joins, with the password typed
//   here. The link proves the email as a password-reset link does, and no more: two-factor, when
//   on, is still asked before a session opens. It comes back with nothing of before: its customers
//   went to a colleague when it was removed (workspaces/service.ts removeMember), and so did its
//   notifications and sessions.
// - An account in another workspace: told so, and nothing moves. One workspace per account, and an
//   account changes workspace only by an administrator's hand.
import { eq } from "drizzle-orm";
import { isUniqueViolation } from "../../../db/dialect.ts";
import { users } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { hashPassword } from "../../lib/password.ts";
import { inTransaction } from "../../lib/unit-of-work.ts";
import { workspaceMessages } from "../../shared/workspaces.ts";
import { joinByInvitation, usableInvitation } from "../workspaces/invitations.ts";
import { membershipOf } from "../workspaces/members.ts";
import { checkNewPassword, endBrokerSessions } from "./account.ts";
import type { PublicUser } from "./model.ts";
import { refusePasswordWhenOidcOnly } from "./oidc-only.ts";
import { toPublicUser } from "./public-user.ts";
import { createSession, insertBroker, nameOrNull } from "./service.ts";

const accountElsewhere = () => new AppError("conflict", workspaceMessages.accountElsewhere);
const invalidInvitation = () => notFound(workspaceMessages.invalidInvitation);

export type Joined<Challenge> = { user: PublicUser; token: string; expiresAt: Date } | Challenge;

export async function joinWorkspace<Challenge>(
  ctx: AppContext,
  input: { token: string; password: string; firstName?: string | null; lastName?: string | null; address: string },
  secondFactor: (ctx: AppContext, userId: string) => Promise<Challenge | null>,
): Promise<Joined<Challenge>> {
  refusePasswordWhenOidcOnly(ctx);
  checkNewPassword(input.password);
  const invitation = await usableInvitation(ctx, input.token, input.address);
  const accountOf = async (db: Pick<AppContext["db"], "select">) => (await db.select().from(users).where(eq(users.email, invitation.email)))[0];
  const existing = await accountOf(ctx.db);
  if (existing?.disabledAt) throw new AppError("forbidden", "This account is disabled. Ask the portal's administrator.");
  if (existing && (await membershipOf(ctx, existing.id))) throw accountElsewhere();
  const passwordHash = await hashPassword(input.password);
  const firstName = nameOrNull(input.firstName);
  const lastName = nameOrNull(input.lastName);
  const details = { email: invitation.email, password: input.password, firstName, lastName };
  const user = await inTransaction(ctx, async (unit) => {
    const { tx, now } = unit;
    const join = async (tx: typeof unit.tx, created: PublicUser) => {
      if (!(await joinByInvitation(tx, { invitationId: invitation.id, userId: created.id, now }))) throw invalidInvitation();
    };
    // Read again where it writes: a sign-up may have taken the email while the password hashed.
    const account = await accountOf(tx);
    if (!account) return insertBroker(tx, details, passwordHash, join);
    if (account.id !== existing?.id || account.disabledAt) throw accountElsewhere();
    try {
      await join(tx, toPublicUser(account));
    } catch (error) {
      // It joined a workspace meanwhile (one membership per account: the key says so).
      if (isUniqueViolation(error)) throw accountElsewhere();
      throw error;
    }
    const named = { firstName: firstName ?? account.firstName, lastName: lastName ?? account.lastName };
    const updated = (await tx.update(users).set({ passwordHash, ...named }).where(eq(users.id, account.id)).returning())[0]!;
    // Whatever it still held (a session opened while it was in no workspace, a reset link) ends with the old password.
    await endBrokerSessions(unit, account.id);
    return toPublicUser(updated);
  });
  if (existing) {
    const challenge = await secondFactor(ctx, user.id);
    if (challenge) return challenge;
  }
  return { user, ...(await createSession(ctx, user.id)) };
}
