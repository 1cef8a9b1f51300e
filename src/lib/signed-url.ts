// Short-lived links to one stored file: an expiry and an HMAC over (document, expiry) made with
// the server's secret. Valid for that document only, for minutes; never a session token.
import { createHmac, timingSafeEqual } from "node:crypto";

export const FILE_LINK_TTL_MS = 15 * 60 * 1000;

const signature = (secret: string, documentId: string, expires: number) =>
  createHmac("sha256", secret).update(`file:${documentId}:${expires}`).digest("base64url");

export function signFileToken(secret: string, documentId: string, expiresAt: Date): string {
  const expires = expiresAt.getTime();
  return `${expires}.${signature(secret, documentId, expires)}`;
}

export function verifyFileToken(secret: string, documentId: string, token: string, now: Date): boolean {
  const [expiresText, sig] = token.split(".");
  const expires = Number(expiresText);
  if (!sig || !Number.isSafeInteger(expires) || expires < now.getTime()) return false;
  const expected = Buffer.from(signature(secret, documentId, expires));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
