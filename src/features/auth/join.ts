// Accepting a workspace invitation (workspaces/invitations.ts): a new broker account, a member of
// the inviting workspace with the invited role, and a session, as sign-up gives. An email that
// already has an account is told so and nothing moves: one workspace per account, and an account
// changes workspace only by an administrator's hand.
import { eq } from "drizzle-orm";
import { users } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { hashPassword } from "../../lib/password.ts";
import { inTransaction } from "../../lib/unit-of-work.ts";
import { workspaceMessages } from "../../shared/workspaces.ts";
import { joinByInvitation, usableInvitation } from "../workspaces/invitations.ts";
import { checkNewPassword } from "./account.ts";
import type { PublicUser } from "./model.ts";
import { refusePasswordWhenOidcOnly } from "./oidc-only.ts";
import { createSession, insertBroker, nameOrNull } from "./service.ts";

const accountElsewhere = () => new AppError("conflict", workspaceMessages.accountElsewhere);

export async function joinWorkspace(
  ctx: AppContext,
  input: { token: string; password: string; firstName?: string | null; lastName?: string | null; address: string },
): Promise<{ user: PublicUser; token: string; expiresAt: Date }> {
  refusePasswordWhenOidcOnly(ctx);
  checkNewPassword(input.password);
  const invitation = await usableInvitation(ctx, input.token, input.address);
  const hasAccount = async (db: Pick<AppContext["db"], "select">) => Boolean((await db.select({ id: users.id }).from(users).where(eq(users.email, invitation.email)))[0]);
  if (await hasAccount(ctx.db)) throw accountElsewhere();
  const passwordHash = await hashPassword(input.password);
  const details = { email: invitation.email, password: input.password, firstName: nameOrNull(input.firstName), lastName: nameOrNull(input.lastName) };
  const user = await inTransaction(ctx, async ({ tx, now }) => {
    // Checked again where it inserts: a sign-up may have taken the email while the password hashed.
    if (await hasAccount(tx)) throw accountElsewhere();
    return insertBroker(tx, details, passwordHash, async (tx, created) => {
      if (!(await joinByInvitation(tx, { invitationId: invitation.id, userId: created.id, now }))) throw notFound(workspaceMessages.invalidInvitation);
    });
  });
  return { user, ...(await createSession(ctx, user.id)) };
}
