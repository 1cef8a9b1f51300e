// A customer's forgotten password: a single-use link emailed to the account's address (1 hour),
// checked when the portal opens it, and the new password set with it, which ends every session.
import { and, eq, isNull } from "drizzle-orm";
import { customerAccounts, passwordResetTokens } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { badRequest, notFound, type ErrorReason } from "../../lib/errors.ts";
import { hashPassword } from "../../lib/password.ts";
import { hashToken, randomToken } from "../../lib/tokens.ts";
import { inTransaction } from "../../lib/unit-of-work.ts";
import { CUSTOMER_RESET_PASSWORD_MIN, messages, normalizeEmail } from "../../shared/validation.ts";
import { customersWithEmail, uploadUrl } from "../customers/lookups.ts";
import { queueEmail } from "../mail/service.ts";
import { passwordResetEmail } from "../mail/templates.ts";
import { customerLanguage } from "../workspaces/customer-language.ts";
import type { ForgotPasswordInput, ResetPasswordInput } from "./model.ts";
import { accountByEmail, endEverySession, throttleFor } from "./service.ts";

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
const INVALID_RESET = "Invalid reset token - The reset link is invalid or expired.";

export const FORGOT_PASSWORD_ANSWER = "If an account exists for this email, we sent a link to reset the password.";

/**
 * Emails a single-use reset link (1 hour) if the account exists; the answer is the same either
 * way. The link opens the portal it was asked from when that link is addressed to this email,
 * else the oldest portal of the address.
 */
export async function forgotPassword(ctx: AppContext, input: ForgotPasswordInput): Promise<void> {
  const email = normalizeEmail(input.email);
  const { resets } = throttleFor(ctx);
  if ((await resets.take(email)) > 0) return; // at most 3 reset emails per address per 15 minutes
  const account = await accountByEmail(ctx, email);
  if (!account) return;
  const portals = await customersWithEmail(ctx, email);
  const portal = portals.find((c) => c.uploadLink === input.uploadLink) ?? portals[0];
  if (!portal) return; // every broker removed them: there is no portal to come back to
  const token = randomToken();
  await inTransaction(ctx, async ({ tx, now }) => {
    await tx.insert(passwordResetTokens)
      .values({ id: hashToken(token), accountId: account.id, expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS) });
    const content = passwordResetEmail({ customerName: portal.name, language: await customerLanguage(tx, portal), resetUrl: `${uploadUrl(ctx, portal.uploadLink)}?reset=${encodeURIComponent(token)}` });
    await queueEmail(ctx, tx, { kind: "password_reset", to: email, dedupeKey: `reset:${hashToken(token)}`, ...content });
  });
}

/** A reset link that may still be used; else `invalid` (the POST's 400, the check's 404). */
async function usableResetToken(ctx: AppContext, token: string, invalid: (message: string, reason: ErrorReason) => Error) {
  const now = ctx.clock.now();
  const id = hashToken(token);
  const row = (await ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.id, id)))[0];
  if (!row || row.usedAt || row.expiresAt <= now) throw invalid(INVALID_RESET, { code: "signIn.invalidResetToken" });
  return { id, now, row };
}

/**
 * GET /api/customer/reset-password/{token}: whether the emailed link still works, asked when the
 * portal opens it, so a used link says so before a password is typed. No throttle, like the reset:
 * the token is 256 random bits and nothing changes.
 */
export async function checkResetToken(ctx: AppContext, token: string): Promise<void> {
  await usableResetToken(ctx, token, notFound);
}

/** Sets a new password with a reset token: once, within the hour. Every session and other reset link of the account ends. */
export async function resetPassword(ctx: AppContext, input: ResetPasswordInput): Promise<void> {
  if (input.newPassword.length < CUSTOMER_RESET_PASSWORD_MIN) throw badRequest(messages.resetPasswordTooShort, { code: "signIn.resetTooShort" });
  const { id, now, row } = await usableResetToken(ctx, input.token, badRequest);
  const passwordHash = await hashPassword(input.newPassword);
  await inTransaction(ctx, async ({ tx, publish }) => {
        // Claim the token; a second use racing this one finds it used (or gone).
        const claimed = (await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt)))
          .returning())[0];
        if (!claimed) throw badRequest(INVALID_RESET, { code: "signIn.invalidResetToken" });
        await tx.update(customerAccounts).set({ passwordHash }).where(eq(customerAccounts.id, row.accountId));
        await endEverySession(tx, row.accountId);
        publish({ type: "customer_signed_out", accountId: row.accountId });
      });
}
