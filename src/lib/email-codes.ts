// One-time codes emailed to prove an address (broker sign-up, customer accounts). Only an HMAC
// keyed with the session secret is stored: six digits hashed plainly would fall to a million
// guesses against a copy of the database.
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { EMAIL_CODE_LENGTH } from "../shared/validation.ts";

export const newEmailCode = () => String(randomInt(0, 10 ** EMAIL_CODE_LENGTH)).padStart(EMAIL_CODE_LENGTH, "0");

/** The stored form of a code: bound to its purpose and to the address (or row) it was sent for. */
export const emailCodeHash = (secret: string, purpose: string, subject: string, code: string) =>
  createHmac("sha256", secret).update(`${purpose}\n${subject}\n${code.trim()}`).digest("hex");

/** Compares two hashes in constant time. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
