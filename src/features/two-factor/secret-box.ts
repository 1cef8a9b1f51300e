// The authenticator secret at rest: AES-256-GCM under a key derived (HKDF) from the session
// secret, so the database file or a backup alone does not let anyone produce codes.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1";
const keyFor = (sessionSecret: string) => Buffer.from(hkdfSync("sha256", sessionSecret, "", "broker-portal/two-factor-secret", 32));

export function sealSecret(sessionSecret: string, secret: Uint8Array): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(sessionSecret), iv);
  const sealed = Buffer.concat([cipher.update(secret), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), sealed.toString("base64url")].join(".");
}

/** The secret, or null when it cannot be opened (the session secret changed, or the value was altered). */
export function openSecret(sessionSecret: string, sealed: string): Uint8Array | null {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || !data) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFor(sessionSecret), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return new Uint8Array(Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]));
  } catch {
    return null;
  }
}
