// A password sign-in waiting for its second factor: a random token handed to the browser in place
// of a session. It opens nothing but POST /api/two-factor/verify, lasts five minutes and is spent
// by success. Kept in the database (two_factor_pending_sign_ins, the token's hash only), so the
// code may reach another instance than the password did, and a restart loses nothing.
import { and, eq, gt, lte } from "drizzle-orm";
import { twoFactorPendingSignIns } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { hashToken, randomToken } from "../../lib/tokens.ts";
import { write } from "../../lib/unit-of-work.ts";

export const PENDING_SIGN_IN_TTL_MS = 5 * 60 * 1000;

export async function createPendingSignIn(ctx: AppContext, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const now = ctx.clock.now();
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + PENDING_SIGN_IN_TTL_MS);
  await write(ctx, async (tx) => {
    await tx.delete(twoFactorPendingSignIns).where(lte(twoFactorPendingSignIns.expiresAt, now));
    await tx.insert(twoFactorPendingSignIns).values({ tokenHash: hashToken(token), userId, expiresAt });
  });
  return { token, expiresAt };
}

/** The broker the token was issued to, or null when it is unknown, spent or expired. */
export async function pendingSignInUser(ctx: AppContext, token: string): Promise<string | null> {
  const found = (
    await ctx.db
      .select({ userId: twoFactorPendingSignIns.userId })
      .from(twoFactorPendingSignIns)
      .where(and(eq(twoFactorPendingSignIns.tokenHash, hashToken(token)), gt(twoFactorPendingSignIns.expiresAt, ctx.clock.now())))
  )[0];
  return found?.userId ?? null;
}

export async function spendPendingSignIn(ctx: AppContext, token: string): Promise<void> {
  await write(ctx, (tx) => tx.delete(twoFactorPendingSignIns).where(eq(twoFactorPendingSignIns.tokenHash, hashToken(token))));
}
