// The Portal-Signature header (DESIGN 3b): `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`.
// The timestamp is inside what is signed, so a receiver that checks it against its clock refuses
// a delivery replayed later; one v1 per secret still valid, so a receiver holding the old secret
// keeps verifying for a day after the owner rotates it (README, "Integrations", is the receiver's side).
import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "Portal-Signature";
/** How far a delivery's timestamp may be from the receiver's clock, either way. */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;
/** How long a rotated secret still signs deliveries beside the new one. */
export const OLD_SECRET_VALID_MS = 24 * 60 * 60 * 1000;

export interface EndpointSecrets {
  secret: string;
  /** The secret before the last rotation, and when it was replaced; null: never rotated. */
  previous: { secret: string; rotatedAt: Date } | null;
}

/** The secrets a delivery is signed with now: the current one, and the old one for a day after a rotation. */
export function signingSecrets(secrets: EndpointSecrets, now: Date): string[] {
  const { previous } = secrets;
  const oldStillValid = previous && now.getTime() - previous.rotatedAt.getTime() < OLD_SECRET_VALID_MS;
  return oldStillValid ? [secrets.secret, previous.secret] : [secrets.secret];
}

const hmac = (secret: string, timestamp: number, body: string) =>
  createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");

/** The header's value for `body` (the exact bytes sent), signed with each secret. */
export function signatureHeader(secrets: readonly string[], body: string, now: Date): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return [`t=${timestamp}`, ...secrets.map((secret) => `v1=${hmac(secret, timestamp, body)}`)].join(",");
}

function parseHeader(header: string): { timestamp: number; signatures: string[] } | null {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const [key, value] = part.trim().split("=", 2);
    if (key === "t" && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === "v1" && value && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

/**
 * Whether `header` signs `body` with `secret` at a time within the tolerance of `now`. Each v1 is
 * compared in constant time, so the answer's timing tells an attacker nothing about the expected value.
 */
export function verifySignature(options: {
  header: string | null;
  body: string;
  secret: string;
  now?: Date;
  toleranceSeconds?: number;
}): boolean {
  const parsed = options.header ? parseHeader(options.header) : null;
  if (!parsed) return false;
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (Math.abs(nowSeconds - parsed.timestamp) > (options.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS)) return false;
  const expected = Buffer.from(hmac(options.secret, parsed.timestamp, options.body), "hex");
  let matched = false;
  // Every value is compared (no early return), so the count of v1s is all the timing shows.
  for (const signature of parsed.signatures) {
    if (timingSafeEqual(expected, Buffer.from(signature, "hex"))) matched = true;
  }
  return matched;
}
