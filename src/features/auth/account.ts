// A signed-up broker's own account: a forgotten password (an emailed single-use link, as
// customers have), a new password, and a new sign-in email (proved with an emailed 6-digit code,
// as sign-up is). Every password typed here is checked through the sign-in throttle, so a stolen
// session cannot guess the password faster than a sign-in form could.
import { and, eq, isNull, ne } from "drizzle-orm";
import { brokerEmailChanges, brokerPasswordResetTokens, sessions, users } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { AppError, badRequest, notFound } from "../../lib/errors.ts";
import { emailCodeHash, newEmailCode, sameHash } from "../../lib/email-codes.ts";
import { checkSignIn, hashPassword } from "../../lib/password.ts";
import { FailureLimiter } from "../../lib/rate-limit.ts";
import { hashToken, newId, randomToken } from "../../lib/tokens.ts";
import { inTransaction, type Unit } from "../../lib/unit-of-work.ts";
import { BROKER_PASSWORD_MIN, codeMessages, isEmailCode, isValidEmail, messages, normalizeEmail } from "../../shared/validation.ts";
import { queueEmail } from "../mail/service.ts";
import { brokerEmailChangedEmail, brokerEmailChangeCodeEmail, brokerPasswordResetEmail } from "../mail/broker-emails.ts";
import type { PublicUser } from "./model.ts";
import { toPublicUser } from "./public-user.ts";
import { brokerSignInThrottle } from "./service.ts";
import { perContext } from "../../lib/instance-state.ts";

export const BROKER_RESET_TTL_MS = 60 * 60 * 1000;
const CODE_TTL_MINUTES = 15;
const MAX_WRONG_TRIES = 5;
const MINUTE = 60 * 1000;

export const accountMessages = {
  forgotAnswer: "If an account exists for this email, we sent a link to reset the password.",
  invalidReset: "Invalid reset token - The reset link is invalid or expired.",
  disabledReset: "This account is disabled, so its password cannot be reset. Ask the portal's administrator.",
  passwordChanged: "Your password was changed. Your other sessions were signed out.",
  resetDone: "Your password has been reset. You can sign in now.",
  samePassword: "Choose a password different from the current one.",
  sameEmail: "This is already your sign-in email.",
  emailTaken: "An account with this email already exists.",
  codeSent: (email: string) => `We sent a 6-digit code to ${email}. Enter it to confirm the new email.`,
  tooManyResets: "We already sent several reset emails. Check your inbox, or try again later.",
  tooManyCodes: (seconds: number) => `We already sent several codes. Try again in ${Math.ceil(seconds / 60)} minutes.`,
} as const;

// Per email: 3 reset emails in 15 minutes; per caller: 20 an hour, so one machine cannot make the
// portal write to many inboxes. Email-change codes: 5 an hour per broker.
const limitsFor = perContext("broker reset and email-change code limits", "shared", "the counts are in the database (rate_limits); this holds only the limits' settings", (ctx: AppContext) => ({
  resetsByEmail: new FailureLimiter(ctx, "broker-resets-by-email", 3, 15 * MINUTE),
  resetsByCaller: new FailureLimiter(ctx, "broker-resets-by-caller", 20, 60 * MINUTE),
  codesByBroker: new FailureLimiter(ctx, "broker-email-change-codes", 5, 60 * MINUTE),
}));

export const checkNewPassword = (password: string) => {
  if (!password) throw badRequest(messages.passwordRequired);
  if (password.length < BROKER_PASSWORD_MIN) throw badRequest(messages.passwordTooShort);
};

/**
 * Ends the broker's sessions, all of them or all but `keep` (the session making the change), and
 * every outstanding reset link; the live channel closes the sockets those sessions opened once
 * the transaction commits.
 */
export async function endBrokerSessions(unit: Unit, brokerId: string, keep?: string): Promise<number> {
  const { tx } = unit;
  const others = keep ? and(eq(sessions.userId, brokerId), ne(sessions.id, keep)) : eq(sessions.userId, brokerId);
  const ended = await tx.delete(sessions).where(others).returning({ id: sessions.id });
  await tx.delete(brokerPasswordResetTokens).where(eq(brokerPasswordResetTokens.userId, brokerId));
  for (const { id } of ended) unit.publish({ type: "broker_signed_out", brokerId, sessionId: id });
  return ended.length;
}

/**
 * Emails a single-use reset link (1 hour) when the email has an active account; the answer is the
 * same either way, and so is the work (no email tells the caller anything).
 */
export async function forgotBrokerPassword(ctx: AppContext, input: { email: string; address: string }): Promise<void> {
  const email = normalizeEmail(input.email);
  if (!isValidEmail(email)) throw badRequest(messages.invalidEmail);
  const { resetsByEmail, resetsByCaller } = limitsFor(ctx);
  const wait = await resetsByCaller.take(input.address);
  if (wait > 0) throw new AppError("too_many_requests", accountMessages.tooManyResets, { retryAfter: wait });
  // Quietly: a 429 here would tell the caller that this email was asked about recently.
  if ((await resetsByEmail.take(email)) > 0) return;
  const user = (await ctx.db.select().from(users).where(eq(users.email, email)))[0];
  if (!user || user.disabledAt || !user.passwordHash) return;
  const token = randomToken();
  await inTransaction(ctx, async ({ tx, now }) => {
    await tx.insert(brokerPasswordResetTokens).values({ id: hashToken(token), userId: user.id, expiresAt: new Date(now.getTime() + BROKER_RESET_TTL_MS) });
    const content = brokerPasswordResetEmail({ resetUrl: `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}` });
    await queueEmail(ctx, tx, { kind: "broker_password_reset", to: email, dedupeKey: `broker-reset:${hashToken(token)}`, ...content });
  });
}

/** Sets a new password with a reset link: once, within the hour. Every session and every other reset link ends. */
/**
 * A reset link that may still be used (unknown, used, expired or its account gone: `invalid` is
 * thrown, the POST's 400 or the check's 404; a disabled account's link: 403).
 */
async function usableResetToken(ctx: AppContext, token: string, invalid: (message: string) => Error) {
  const id = hashToken(token);
  const now = ctx.clock.now();
  const row = (await ctx.db.select().from(brokerPasswordResetTokens).where(eq(brokerPasswordResetTokens.id, id)))[0];
  if (!row || row.usedAt || row.expiresAt <= now) throw invalid(accountMessages.invalidReset);
  // Disabling ends the links too; this also covers a link a disabled account was sent before that.
  const owner = (await ctx.db.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.id, row.userId)))[0];
  if (!owner) throw invalid(accountMessages.invalidReset);
  if (owner.disabledAt) throw new AppError("forbidden", accountMessages.disabledReset);
  return { id, now, row };
}

/**
 * GET /api/auth/reset-password/{token}: whether the link still works, asked as the page opens so
 * a used or expired link says so at once instead of after the new password was typed. Like the
 * reset itself it needs no throttle of its own: the token is 256 random bits, and nothing is changed.
 */
export async function checkBrokerResetToken(ctx: AppContext, token: string): Promise<void> {
  await usableResetToken(ctx, token, notFound);
}

export async function resetBrokerPasswordWithToken(ctx: AppContext, input: { token: string; newPassword: string }): Promise<void> {
  checkNewPassword(input.newPassword);
  const { id, now, row } = await usableResetToken(ctx, input.token, badRequest);
  const passwordHash = await hashPassword(input.newPassword);
  await inTransaction(ctx, async (unit) => {
        // Claim the token; a second use racing this one finds it used (or gone).
        const claimed = (await unit.tx
          .update(brokerPasswordResetTokens)
          .set({ usedAt: now })
          .where(and(eq(brokerPasswordResetTokens.id, id), isNull(brokerPasswordResetTokens.usedAt)))
          .returning())[0];
        if (!claimed) throw badRequest(accountMessages.invalidReset);
        // Disabled while the password was being hashed: the claim rolls back with this throw.
        if ((await unit.tx.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.id, row.userId)))[0]?.disabledAt) {
          throw new AppError("forbidden", accountMessages.disabledReset);
        }
        await unit.tx.update(users).set({ passwordHash }).where(eq(users.id, row.userId));
        await endBrokerSessions(unit, row.userId);
      });
}

/** The current password, checked as a sign-in is (same throttle, same 401), before any account change. */
async function confirmPassword(ctx: AppContext, input: { brokerId: string; password: string; address: string }) {
  const user = (await ctx.db.select().from(users).where(eq(users.id, input.brokerId)))[0];
  if (!input.password) throw badRequest(messages.passwordRequired);
  await checkSignIn(brokerSignInThrottle(ctx), { address: input.address, email: user?.email ?? "", password: input.password, passwordHash: user?.passwordHash });
  return user!;
}

/** A new password, given the current one. Every other session of the broker ends; this one stays. */
export async function changeBrokerPassword(
  ctx: AppContext,
  input: { brokerId: string; sessionId: string; currentPassword: string; newPassword: string; address: string },
): Promise<{ sessionsEnded: number }> {
  checkNewPassword(input.newPassword);
  if (input.newPassword === input.currentPassword) throw badRequest(accountMessages.samePassword);
  await confirmPassword(ctx, { brokerId: input.brokerId, password: input.currentPassword, address: input.address });
  const passwordHash = await hashPassword(input.newPassword);
  return inTransaction(ctx, async (unit) => {
    await unit.tx.update(users).set({ passwordHash }).where(eq(users.id, input.brokerId));
    return { sessionsEnded: await endBrokerSessions(unit, input.brokerId, input.sessionId) };
  });
}

const changeCodeHash = (ctx: AppContext, brokerId: string, email: string, code: string) =>
  emailCodeHash(ctx.config.sessionSecret, "broker-email-change", `${brokerId}\n${email}`, code);

/**
 * Step 1 of a new sign-in email: the current password, then a code to the new address. An
 * address that already has an account gets no code, but the answer is the same, so this never
 * tells whether another broker uses it (the confirmation simply cannot succeed).
 */
export async function requestEmailChange(ctx: AppContext, input: { brokerId: string; newEmail: string; password: string; address: string }): Promise<string> {
  const newEmail = normalizeEmail(input.newEmail);
  if (!isValidEmail(newEmail)) throw badRequest(messages.invalidEmail);
  const user = await confirmPassword(ctx, { brokerId: input.brokerId, password: input.password, address: input.address });
  if (newEmail === user.email) throw badRequest(accountMessages.sameEmail);
  const { codesByBroker } = limitsFor(ctx);
  const wait = await codesByBroker.take(user.id);
  if (wait > 0) throw new AppError("too_many_requests", accountMessages.tooManyCodes(wait), { retryAfter: wait });
  await inTransaction(ctx, async ({ tx, now }) => {
    await tx.delete(brokerEmailChanges).where(eq(brokerEmailChanges.userId, user.id));
    if ((await tx.select({ id: users.id }).from(users).where(eq(users.email, newEmail)))[0]) return;
    const code = newEmailCode();
    await tx.insert(brokerEmailChanges)
      .values({ userId: user.id, newEmail, codeHash: changeCodeHash(ctx, user.id, newEmail, code), expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * MINUTE), createdAt: now });
    const content = brokerEmailChangeCodeEmail({ code, minutes: CODE_TTL_MINUTES });
    await queueEmail(ctx, tx, { kind: "broker_email_change_code", to: newEmail, dedupeKey: `broker-email-change:${newId()}`, ...content });
  });
  return accountMessages.codeSent(newEmail);
}

/**
 * Step 2: the code from the new address makes it the sign-in email. Five wrong tries kill the
 * code. The old address is told, so a change the owner did not make does not go unnoticed.
 * Every other session and every reset link ends: a link mailed to the old address (which may be
 * the one that was lost) must not open the account once it has moved.
 */
export async function confirmEmailChange(ctx: AppContext, input: { brokerId: string; sessionId: string; code: string }): Promise<PublicUser> {
  const given = input.code.trim();
  if (!isEmailCode(given)) throw badRequest(codeMessages.format);
  const byBroker = eq(brokerEmailChanges.userId, input.brokerId);
  // Decided inside, thrown outside: throwing inside the transaction would undo the counted try.
  const outcome = await inTransaction(ctx, async (unit): Promise<{ user: PublicUser } | "wrong" | "taken"> => {
      const { tx, now } = unit;
      const row = (await tx.select().from(brokerEmailChanges).where(byBroker))[0];
      if (!row) return "wrong";
      const right = row.expiresAt > now && sameHash(row.codeHash, changeCodeHash(ctx, input.brokerId, row.newEmail, given));
      if (!right) {
        if (row.expiresAt <= now || row.wrongTries + 1 >= MAX_WRONG_TRIES) await tx.delete(brokerEmailChanges).where(byBroker);
        else await tx.update(brokerEmailChanges).set({ wrongTries: row.wrongTries + 1 }).where(byBroker);
        return "wrong";
      }
      await tx.delete(brokerEmailChanges).where(byBroker);
      // Taken since the code was sent (a sign-up in between): the owner proved the address, so saying so is fine.
      if ((await tx.select({ id: users.id }).from(users).where(eq(users.email, row.newEmail)))[0]) return "taken";
      const old = (await tx.select().from(users).where(eq(users.id, input.brokerId)))[0]!;
      const updated = (await tx.update(users).set({ email: row.newEmail }).where(eq(users.id, input.brokerId)).returning())[0]!;
      const content = brokerEmailChangedEmail({ newEmail: row.newEmail });
      await queueEmail(ctx, tx, { kind: "broker_email_changed", to: old.email, dedupeKey: `broker-email-changed:${newId()}`, ...content });
      await endBrokerSessions(unit, input.brokerId, input.sessionId);
      return { user: toPublicUser(updated) };
    });
  if (outcome === "wrong") throw badRequest(codeMessages.wrongOrExpired);
  if (outcome === "taken") throw new AppError("conflict", accountMessages.emailTaken);
  return outcome.user;
}
