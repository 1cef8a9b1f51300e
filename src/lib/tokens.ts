// Random tokens for sessions, links and resets. Only their SHA-256 is stored, so a copy of
// the database does not hand out working sessions.
import { randomBytes } from "node:crypto";

/** 256 bits of randomness, URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

// Bun's one-shot SHA-256: every request with a session hashes its token (4× node:crypto's speed).
export function hashToken(token: string): string {
  return Bun.SHA256.hash(token, "hex");
}

export function newId(): string {
  return crypto.randomUUID();
}
