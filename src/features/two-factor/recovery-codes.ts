// Recovery codes: ten random codes shown once, kept only as SHA-256 hashes. Each has 50 random
// bits, and guessing is throttled like a password, so an unsalted hash is enough.
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { randomBytes } from "node:crypto";
import { normalizeSecondFactor, RECOVERY_CODE_COUNT } from "../../shared/two-factor.ts";
import { hashToken } from "../../lib/tokens.ts";

/** "abcde-fghij": 10 base32 characters from 50 random bits (the first 10 of 16). */
function newRecoveryCode(): string {
  const text = encodeBase32LowerCaseNoPadding(randomBytes(10)).slice(0, 10);
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

export const newRecoveryCodes = () => Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);

export const recoveryCodeHash = (code: string) => hashToken(`recovery:${normalizeSecondFactor(code)}`);
