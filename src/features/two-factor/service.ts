// Two-factor authentication for brokers who sign in with a password: an authenticator app (TOTP)
// confirmed with a first code, ten single-use recovery codes, and the second step of sign-in.
// Every code check is throttled like a password (one SignInThrottle, keyed by address and broker).
import { and, count, eq, isNull, lt, or } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { encodeBase32UpperCaseNoPadding } from "@oslojs/encoding";
import { brokerRecoveryCodes, brokerTwoFactor } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { AppError, badRequest } from "../../lib/errors.ts";
import type { Writer } from "../../lib/jobs.ts";
import { SignInThrottle } from "../../lib/rate-limit.ts";
import { newId } from "../../lib/tokens.ts";
import { inTransaction, write } from "../../lib/unit-of-work.ts";
import { isRecoveryCode, isTotpCode, normalizeSecondFactor, twoFactorMessages } from "../../shared/two-factor.ts";
import type { SecondFactorChallenge } from "../auth/model.ts";
import { signInAccountByEmail, signInAccountById } from "../auth/sign-in-accounts.ts";
import { createPendingSignIn, pendingSignInUser, spendPendingSignIn } from "./pending-sign-ins.ts";
import { newRecoveryCodes, recoveryCodeHash } from "./recovery-codes.ts";
import { openSecret, sealSecret } from "./secret-box.ts";
import { keyUri, matchingStep } from "./totp.ts";
import { perContext } from "../../lib/instance-state.ts";

const ISSUER = "Broker Portal";

const throttleFor = perContext("two-factor code throttle", "shared", "the counts are in the database (rate_limits); this holds only the limits' settings", (ctx: AppContext) => new SignInThrottle(ctx, "two-factor"));

const factorRow = async (ctx: AppContext, userId: string) => (await ctx.db.select().from(brokerTwoFactor).where(eq(brokerTwoFactor.userId, userId)))[0];

export const isTwoFactorOn = async (ctx: AppContext, userId: string) => Boolean((await factorRow(ctx, userId))?.confirmedAt);

export interface TwoFactorStatus {
  enabled: boolean;
  /** REQUIRE_2FA applies to this broker (they sign in with a password). */
  required: boolean;
  recoveryCodesLeft: number;
}

export async function twoFactorStatus(ctx: AppContext, userId: string): Promise<TwoFactorStatus> {
  const enabled = await isTwoFactorOn(ctx, userId);
  const left = enabled
    ? (await ctx.db.select({ n: count() }).from(brokerRecoveryCodes).where(and(eq(brokerRecoveryCodes.userId, userId), isNull(brokerRecoveryCodes.usedAt))))[0]!.n
    : 0;
  return { enabled, required: await requiredFor(ctx, userId), recoveryCodesLeft: left };
}

/** REQUIRE_2FA covers brokers who have a password; a provider-only (OIDC) broker's provider does its own. */
const requiredFor = async (ctx: AppContext, userId: string) => ctx.config.requireTwoFactor && Boolean((await signInAccountById(ctx, userId))?.hasPassword);

/** True when REQUIRE_2FA is on and this broker has not set up an authenticator yet. */
export const twoFactorSetupNeeded = async (ctx: AppContext, userId: string) => await requiredFor(ctx, userId) && !await isTwoFactorOn(ctx, userId);

export interface TwoFactorSetup {
  /** The key as base32, for typing into an app by hand. */
  secret: string;
  uri: string;
  /** The URI as a QR code, an SVG document. */
  qrSvg: string;
}

/** Starts (or restarts) set-up with a new key; it counts only once confirmed with a first code. */
export async function beginTwoFactorSetup(ctx: AppContext, input: { userId: string; email: string }): Promise<TwoFactorSetup> {
  if (await isTwoFactorOn(ctx, input.userId)) throw new AppError("conflict", twoFactorMessages.alreadyOn);
  const key = new Uint8Array(randomBytes(20));
  const secretSealed = sealSecret(ctx.config.sessionSecret, key);
  await write(ctx, (tx) => tx.insert(brokerTwoFactor)
    .values({ userId: input.userId, secretSealed, confirmedAt: null, lastUsedStep: null, createdAt: ctx.clock.now() })
    .onConflictDoUpdate({ target: brokerTwoFactor.userId, set: { secretSealed, lastUsedStep: null, createdAt: ctx.clock.now() } }));
  const uri = keyUri(ISSUER, input.email, key);
  const QRCode = (await import("qrcode")).default; // on the first set-up, not at start
  const qrSvg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { secret: encodeBase32UpperCaseNoPadding(key), uri, qrSvg };
}

/** Turns the factor on with the first code from the app; returns the recovery codes, shown once. */
export async function confirmTwoFactorSetup(ctx: AppContext, input: { userId: string; code: string; address: string }): Promise<{ recoveryCodes: string[] }> {
  const row = await factorRow(ctx, input.userId);
  if (row?.confirmedAt) throw new AppError("conflict", twoFactorMessages.alreadyOn);
  if (!row) throw badRequest(twoFactorMessages.noSetupStarted);
  if (!isTotpCode(input.code)) throw badRequest(twoFactorMessages.setupCodeFormat);
  await checkSecondFactor(ctx, { ...input, allowRecovery: false });
  const recoveryCodes = newRecoveryCodes();
  await inTransaction(ctx, async ({ tx }) => {
    await tx.update(brokerTwoFactor).set({ confirmedAt: ctx.clock.now() }).where(eq(brokerTwoFactor.userId, input.userId));
    await replaceRecoveryCodes(tx, input.userId, recoveryCodes, ctx.clock.now());
  });
  return { recoveryCodes };
}

/** New recovery codes in place of the old ones, for a broker who proves the factor. */
export async function regenerateRecoveryCodes(ctx: AppContext, input: { userId: string; code: string; address: string }): Promise<{ recoveryCodes: string[] }> {
  if (!await isTwoFactorOn(ctx, input.userId)) throw badRequest(twoFactorMessages.notOn);
  if (!isTotpCode(input.code)) throw badRequest(twoFactorMessages.setupCodeFormat);
  await checkSecondFactor(ctx, { ...input, allowRecovery: false });
  const recoveryCodes = newRecoveryCodes();
  await inTransaction(ctx, async ({ tx }) => replaceRecoveryCodes(tx, input.userId, recoveryCodes, ctx.clock.now()));
  return { recoveryCodes };
}

async function replaceRecoveryCodes(tx: Writer, userId: string, codes: string[], now: Date): Promise<void> {
  await tx.delete(brokerRecoveryCodes).where(eq(brokerRecoveryCodes.userId, userId));
  await tx.insert(brokerRecoveryCodes).values(codes.map((code) => ({ id: newId(), userId, codeHash: recoveryCodeHash(code), createdAt: now })));
}

/** Turns the factor off, proven with a current code or a recovery code; refused under REQUIRE_2FA. */
export async function disableTwoFactor(ctx: AppContext, input: { userId: string; code: string; address: string }): Promise<void> {
  if (!await isTwoFactorOn(ctx, input.userId)) throw badRequest(twoFactorMessages.notOn);
  if (await requiredFor(ctx, input.userId)) throw new AppError("forbidden", twoFactorMessages.requiredByPortal);
  await checkSecondFactor(ctx, { ...input, allowRecovery: true });
  await removeFactor(ctx, input.userId);
}

async function removeFactor(ctx: AppContext, userId: string): Promise<void> {
  await inTransaction(ctx, async ({ tx }) => {
    await tx.delete(brokerRecoveryCodes).where(eq(brokerRecoveryCodes.userId, userId));
    await tx.delete(brokerTwoFactor).where(eq(brokerTwoFactor.userId, userId));
  });
}

/** `portal admin reset-2fa`: removes a broker's authenticator and recovery codes (a lost phone). */
export async function resetTwoFactor(ctx: AppContext, email: string): Promise<{ email: string; hadTwoFactor: boolean }> {
  const account = await signInAccountByEmail(ctx, email);
  if (!account) throw new AppError("not_found", `No broker with the email ${email.trim().toLowerCase()}`);
  const hadTwoFactor = await isTwoFactorOn(ctx, account.user.id);
  await removeFactor(ctx, account.user.id);
  return { email: account.user.email, hadTwoFactor };
}

/**
 * Checks a code from the app (or, when allowed, a recovery code) and spends it, or throws.
 * The attempt is counted before the check; a wrong code keeps it and starts the wait, exactly as
 * a wrong password does. A TOTP code is spent by moving `lastUsedStep` forward in one
 * conditional UPDATE, so two requests racing with the same code cannot both succeed.
 */
async function checkSecondFactor(ctx: AppContext, input: { userId: string; code: string; address: string; allowRecovery: boolean }): Promise<"totp" | "recovery"> {
  const attempt = await throttleFor(ctx).reserve(input.address, `two-factor:${input.userId}`);
  let used: "totp" | "recovery" | null;
  try {
    used = await spendCode(ctx, input);
  } catch (error) {
    await attempt.failed(); // settled either way: an unreadable key counts as a failure
    throw error;
  }
  if (!used) {
    await attempt.failed();
    throw new AppError("unauthorized", twoFactorMessages.wrongCode);
  }
  await attempt.succeeded();
  return used;
}

async function spendCode(ctx: AppContext, input: { userId: string; code: string; allowRecovery: boolean }): Promise<"totp" | "recovery" | null> {
  const code = normalizeSecondFactor(input.code);
  if (isTotpCode(code)) {
    const row = await factorRow(ctx, input.userId);
    if (!row) return null;
    const key = openSecret(ctx.config.sessionSecret, row.secretSealed);
    if (!key) throw new AppError("unauthorized", twoFactorMessages.unreadableSecret);
    const step = matchingStep(key, code, ctx.clock.now(), row.lastUsedStep);
    if (step === null) return null;
    const spent = (await write(ctx, (tx) => tx.update(brokerTwoFactor)
      .set({ lastUsedStep: step })
      .where(and(eq(brokerTwoFactor.userId, input.userId), or(isNull(brokerTwoFactor.lastUsedStep), lt(brokerTwoFactor.lastUsedStep, step))))
      .returning({ step: brokerTwoFactor.lastUsedStep })))[0];
    return spent ? "totp" : null;
  }
  if (input.allowRecovery && isRecoveryCode(code)) {
    const spent = (await write(ctx, (tx) => tx.update(brokerRecoveryCodes)
      .set({ usedAt: ctx.clock.now() })
      .where(and(eq(brokerRecoveryCodes.userId, input.userId), eq(brokerRecoveryCodes.codeHash, recoveryCodeHash(code)), isNull(brokerRecoveryCodes.usedAt)))
      .returning({ id: brokerRecoveryCodes.id })))[0];
    return spent ? "recovery" : null;
  }
  return null;
}

/**
 * The hook in password sign-in (auth/service.ts's signInBroker, handed it by src/app.ts through auth/routes.ts): called once the password is right, it returns a
 * challenge in place of a session when the broker has the factor on, else null.
 */
export async function secondFactorChallenge(ctx: AppContext, userId: string): Promise<SecondFactorChallenge | null> {
  if (!await isTwoFactorOn(ctx, userId)) return null;
  return { twoFactorRequired: true, challenge: (await createPendingSignIn(ctx, userId)).token, message: twoFactorMessages.enterCode };
}

/** Sign-in's second step: the challenge and a code; returns the broker to open a session for. */
export async function completeSecondFactor(ctx: AppContext, input: { challenge: string; code: string; address: string }): Promise<{ userId: string }> {
  const userId = await pendingSignInUser(ctx, input.challenge);
  if (!userId) throw new AppError("unauthorized", twoFactorMessages.challengeExpired);
  if (!isTotpCode(input.code) && !isRecoveryCode(input.code)) throw badRequest(twoFactorMessages.codeFormat);
  const account = await signInAccountById(ctx, userId);
  if (!account || account.disabled) {
    await spendPendingSignIn(ctx, input.challenge);
    throw new AppError("unauthorized", twoFactorMessages.challengeExpired);
  }
  await checkSecondFactor(ctx, { userId, code: input.code, address: input.address, allowRecovery: true });
  await spendPendingSignIn(ctx, input.challenge);
  return { userId };
}
