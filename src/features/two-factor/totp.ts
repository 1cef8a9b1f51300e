// Time-based one-time passwords (RFC 6238) on oslo's HOTP, with the time step taken from the
// app's clock (oslo's TOTP helpers read Date.now, which tests cannot control), so the step of an
// accepted code can be stored and the same code refused the second time.
import { generateHOTP, verifyHOTP, createTOTPKeyURI } from "@oslojs/otp";
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from "../../shared/two-factor.ts";

/** The 30-second time step a moment falls in. */
export const timeStep = (now: Date) => Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);

/** The code an authenticator shows for this key at this moment (tests and the demo use it). */
export const totpCodeAt = (key: Uint8Array, now: Date) => generateHOTP(key, BigInt(timeStep(now)), TOTP_DIGITS);

/**
 * The step the code belongs to (the current one, or the one before or after, for a phone's
 * clock a little off and a code typed as it changed), or null. Steps at or before
 * `lastUsedStep` never match: a code, once accepted, is spent, and so is every older one.
 */
export function matchingStep(key: Uint8Array, code: string, now: Date, lastUsedStep: number | null): number | null {
  const current = timeStep(now);
  for (const step of [current - 1, current, current + 1]) {
    if (lastUsedStep !== null && step <= lastUsedStep) continue;
    if (verifyHOTP(key, BigInt(step), TOTP_DIGITS, code)) return step;
  }
  return null;
}

/** The otpauth:// URI authenticator apps read from the QR code. */
export const keyUri = (issuer: string, account: string, key: Uint8Array) =>
  createTOTPKeyURI(issuer, account, key, TOTP_PERIOD_SECONDS, TOTP_DIGITS);
