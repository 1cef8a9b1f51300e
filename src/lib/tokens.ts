// Random tokens for sessions, links and resets. Only their SHA-256 is stored, so a copy of
// the database does not hand out working sessions.
import { createHash, randomBytes } from "node:crypto";

/** 256 bits of randomness, URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function newId(): string {
  return crypto.randomUUID();
}
