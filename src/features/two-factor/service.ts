// Two-factor authentication for brokers who sign in with a password: an authenticator app (TOTP)
// confirmed with a first code, ten single-use recovery codes, and the second step of sign-in.
// Every code check is throttled like a password (one SignInThrottle, keyed by address and broker).
import { and, count, eq, isNull, lt, or } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import QRCode from "qrcode";
import { encodeBase32UpperCaseNoPadding } from "@oslojs/encoding";
import { brokerRecoveryCodes, brokerTwoFactor } from "../../../db/schema.ts";
import type { AppContext } from "../../context.ts";
import { AppError, badRequest } from "../../lib/errors.ts";
import type { Writer } from "../../lib/jobs.ts";
import { SignInThrottle } from "../../lib/rate-limit.ts";
import { newId } from "../../lib/tokens.ts";
import { inTransaction } from "../../lib/unit-of-work.ts";
import { isRecoveryCode, isTotpCode, normalizeSecondFactor, twoFactorMessages } from "../../shared/two-factor.ts";
import { signInAccountByEmail, signInAccountById } from "../auth/sign-in-accounts.ts";
import { createPendingSignIn, pendingSignInUser, spendPendingSignIn } from "./pending-sign-ins.ts";
import { newRecoveryCodes, recoveryCodeHash } from "./recovery-codes.ts";
import { openSecret, sealSecret } from "./secret-box.ts";
import { keyUri, matchingStep } from "./totp.ts";

const ISSUER = "Broker Portal";

const throttles = new WeakMap<AppContext, SignInThrottle>();
const throttleFor = (ctx: AppContext) => throttles.get(ctx) ?? throttles.set(ctx, new SignInThrottle(ctx.clock)).get(ctx)!;

const factorRow = (ctx: AppContext, userId: string) => ctx.db.select().from(brokerTwoFactor).where(eq(brokerTwoFactor.userId, userId)).get();

export const isTwoFactorOn = (ctx: AppContext, userId: string) => Boolean(factorRow(ctx, userId)?.confirmedAt);

export interface TwoFactorStatus {
  enabled: boolean;
  /** REQUIRE_2FA applies to this broker (they sign in with a password). */
  required: boolean;
  recoveryCodesLeft: number;
}

export function twoFactorStatus(ctx: AppContext, userId: string): TwoFactorStatus {
  const enabled = isTwoFactorOn(ctx, userId);
  const left = enabled
    ? ctx.db.select({ n: count() }).from(brokerRecoveryCodes).where(and(eq(brokerRecoveryCodes.userId, userId), isNull(brokerRecoveryCodes.usedAt))).get()!.n
    : 0;
  return { enabled, required: requiredFor(ctx, userId), recoveryCodesLeft: left };
}

/** REQUIRE_2FA covers brokers who have a password; a provider-only (OIDC) broker's provider does its own. */
const requiredFor = (ctx: AppContext, userId: string) => ctx.config.requireTwoFactor && Boolean(signInAccountById(ctx, userId)?.hasPassword);

/** True when REQUIRE_2FA is on and this broker has not set up an authenticator yet. */
export const twoFactorSetupNeeded = (ctx: AppContext, userId: string) => requiredFor(ctx, userId) && !isTwoFactorOn(ctx, userId);

export interface TwoFactorSetup {
  /** The key as base32, for typing into an app by hand. */
  secret: string;
  uri: string;
  /** The URI as a QR code, an SVG document. */
  qrSvg: string;
}

/** Starts (or restarts) set-up with a new key; it counts only once confirmed with a first code. */
export async function beginTwoFactorSetup(ctx: AppContext, input: { userId: string; email: string }): Promise<TwoFactorSetup> {
  if (isTwoFactorOn(ctx, input.userId)) throw new AppError("conflict", twoFactorMessages.alreadyOn);
  const key = new Uint8Array(randomBytes(20));
  const secretSealed = sealSecret(ctx.config.sessionSecret, key);
  ctx.db
    .insert(brokerTwoFactor)
    .values({ userId: input.userId, secretSealed, confirmedAt: null, lastUsedStep: null, createdAt: ctx.clock.now() })
    .onConflictDoUpdate({ target: brokerTwoFactor.userId, set: { secretSealed, lastUsedStep: null, createdAt: ctx.clock.now() } })
    .run();
  const uri = keyUri(ISSUER, input.email, key);
  const qrSvg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { secret: encodeBase32UpperCaseNoPadding(key), uri, qrSvg };
}

/** Turns the factor on with the first code from the app; returns the recovery codes, shown once. */
export function confirmTwoFactorSetup(ctx: AppContext, input: { userId: string; code: string; address: string }): { recoveryCodes: string[] } {
  const row = factorRow(ctx, input.userId);
  if (row?.confirmedAt) throw new AppError("conflict", twoFactorMessages.alreadyOn);
  if (!row) throw badRequest(twoFactorMessages.noSetupStarted);
  if (!isTotpCode(input.code)) throw badRequest(twoFactorMessages.setupCodeFormat);
  checkSecondFactor(ctx, { ...input, allowRecovery: false });
  const recoveryCodes = newRecoveryCodes();
  inTransaction(ctx, ({ tx }) => {
    tx.update(brokerTwoFactor).set({ confirmedAt: ctx.clock.now() }).where(eq(brokerTwoFactor.userId, input.userId)).run();
    replaceRecoveryCodes(tx, input.userId, recoveryCodes, ctx.clock.now());
  });
  return { recoveryCodes };
}

/** New recovery codes in place of the old ones, for a broker who proves the factor. */
export function regenerateRecoveryCodes(ctx: AppContext, input: { userId: string; code: string; address: string }): { recoveryCodes: string[] } {
  if (!isTwoFactorOn(ctx, input.userId)) throw badRequest(twoFactorMessages.notOn);
  if (!isTotpCode(input.code)) throw badRequest(twoFactorMessages.setupCodeFormat);
  checkSecondFactor(ctx, { ...input, allowRecovery: false });
  const recoveryCodes = newRecoveryCodes();
  inTransaction(ctx, ({ tx }) => replaceRecoveryCodes(tx, input.userId, recoveryCodes, ctx.clock.now()));
  return { recoveryCodes };
}

function replaceRecoveryCodes(tx: Writer, userId: string, codes: string[], now: Date): void {
  tx.delete(brokerRecoveryCodes).where(eq(brokerRecoveryCodes.userId, userId)).run();
  tx.insert(brokerRecoveryCodes).values(codes.map((code) => ({ id: newId(), userId, codeHash: recoveryCodeHash(code), createdAt: now }))).run();
}

/** Turns the factor off, proven with a current code or a recovery code; refused under REQUIRE_2FA. */
export function disableTwoFactor(ctx: AppContext, input: { userId: string; code: string; address: string }): void {
  if (!isTwoFactorOn(ctx, input.userId)) throw badRequest(twoFactorMessages.notOn);
  if (requiredFor(ctx, input.userId)) throw new AppError("forbidden", twoFactorMessages.requiredByPortal);
  checkSecondFactor(ctx, { ...input, allowRecovery: true });
  removeFactor(ctx, input.userId);
}

function removeFactor(ctx: AppContext, userId: string): void {
  inTransaction(ctx, ({ tx }) => {
    tx.delete(brokerRecoveryCodes).where(eq(brokerRecoveryCodes.userId, userId)).run();
    tx.delete(brokerTwoFactor).where(eq(brokerTwoFactor.userId, userId)).run();
  });
}

/** `portal admin reset-2fa`: removes a broker's authenticator and recovery codes (a lost phone). */
export function resetTwoFactor(ctx: AppContext, email: string): { email: string; hadTwoFactor: boolean } {
  const account = signInAccountByEmail(ctx, email);
  if (!account) throw new AppError("not_found", `No broker with the email ${email.trim().toLowerCase()}`);
  const hadTwoFactor = isTwoFactorOn(ctx, account.user.id);
  removeFactor(ctx, account.user.id);
  return { email: account.user.email, hadTwoFactor };
}

/**
 * Checks a code from the app (or, when allowed, a recovery code) and spends it, or throws.
 * The attempt is counted before the check; a wrong code keeps it and starts the wait, exactly as
 * a wrong password does. A TOTP code is spent by moving `lastUsedStep` forward in one
 * conditional UPDATE, so two requests racing with the same code cannot both succeed.
 */
function checkSecondFactor(ctx: AppContext, input: { userId: string; code: string; address: string; allowRecovery: boolean }): "totp" | "recovery" {
  const attempt = throttleFor(ctx).reserve(input.address, `two-factor:${input.userId}`);
  let used: "totp" | "recovery" | null;
  try {
    used = spendCode(ctx, input);
  } catch (error) {
    attempt.failed(); // settled either way: an unreadable key counts as a failure
    throw error;
  }
  if (!used) {
    attempt.failed();
    throw new AppError("unauthorized", twoFactorMessages.wrongCode);
  }
  attempt.succeeded();
  return used;
}

function spendCode(ctx: AppContext, input: { userId: string; code: string; allowRecovery: boolean }): "totp" | "recovery" | null {
  const code = normalizeSecondFactor(input.code);
  if (isTotpCode(code)) {
    const row = factorRow(ctx, input.userId);
    if (!row) return null;
    const key = openSecret(ctx.config.sessionSecret, row.secretSealed);
    if (!key) throw new AppError("unauthorized", twoFactorMessages.unreadableSecret);
    const step = matchingStep(key, code, ctx.clock.now(), row.lastUsedStep);
    if (step === null) return null;
    const spent = ctx.db
      .update(brokerTwoFactor)
      .set({ lastUsedStep: step })
      .where(and(eq(brokerTwoFactor.userId, input.userId), or(isNull(brokerTwoFactor.lastUsedStep), lt(brokerTwoFactor.lastUsedStep, step))))
      .returning({ step: brokerTwoFactor.lastUsedStep })
      .get();
    return spent ? "totp" : null;
  }
  if (input.allowRecovery && isRecoveryCode(code)) {
    const spent = ctx.db
      .update(brokerRecoveryCodes)
      .set({ usedAt: ctx.clock.now() })
      .where(and(eq(brokerRecoveryCodes.userId, input.userId), eq(brokerRecoveryCodes.codeHash, recoveryCodeHash(code)), isNull(brokerRecoveryCodes.usedAt)))
      .returning({ id: brokerRecoveryCodes.id })
      .get();
    return spent ? "recovery" : null;
  }
  return null;
}

export interface SecondFactorChallenge {
  twoFactorRequired: true;
  /** Sent back with the code to POST /api/two-factor/verify; good for five minutes, once. */
  challenge: string;
  message: string;
}

/**
 * The hook in password sign-in (auth/service.ts): called once the password is right, it returns a
 * challenge in place of a session when the broker has the factor on, else null.
 */
export function secondFactorChallenge(ctx: AppContext, userId: string): SecondFactorChallenge | null {
  if (!isTwoFactorOn(ctx, userId)) return null;
  return { twoFactorRequired: true, challenge: createPendingSignIn(ctx, userId).token, message: twoFactorMessages.enterCode };
}

/** Sign-in's second step: the challenge and a code; returns the broker to open a session for. */
export function completeSecondFactor(ctx: AppContext, input: { challenge: string; code: string; address: string }): { userId: string } {
  const userId = pendingSignInUser(ctx, input.challenge);
  if (!userId) throw new AppError("unauthorized", twoFactorMessages.challengeExpired);
  if (!isTotpCode(input.code) && !isRecoveryCode(input.code)) throw badRequest(twoFactorMessages.codeFormat);
  const account = signInAccountById(ctx, userId);
  if (!account || account.disabled) {
    spendPendingSignIn(ctx, input.challenge);
    throw new AppError("unauthorized", twoFactorMessages.challengeExpired);
  }
  checkSecondFactor(ctx, { userId, code: input.code, address: input.address, allowRecovery: true });
  spendPendingSignIn(ctx, input.challenge);
  return { userId };
}
