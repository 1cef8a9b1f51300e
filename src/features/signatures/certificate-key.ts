// The certificate that seals a signed PDF: the operator's (SIGNING_CERT_FILE, opened at start by
// src/config/signing.ts), else a self-signed one made on first use and kept in DATA_DIR, so a
// portal with no configuration still seals PDFs that pdfsig and PDF readers verify (as untrusted
// until the reader trusts it). `portal backup` archives the file with the session secret, so a
// restored portal keeps sealing with the same certificate.
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { existsSync, linkSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import forge from "node-forge";
import { openP12 } from "../../config/p12.ts";
import type { SigningCertificate } from "../../config/signing.ts";
import { AppError } from "../../lib/errors.ts";
import { SELF_SIGNED_FILE } from "./certificate-file.ts";

// PKCS#12 needs a password for the shrouded key bag signer-p12 reads; the file's protection is its
// owner-only mode, as for session-secret, so the password is fixed rather than kept beside it.
const SELF_SIGNED_PASSWORD = "portal-self-signed-seal";
const VALID_YEARS = 10;

export interface SealingCertificateOptions {
  configured: SigningCertificate | null;
  dataDir: string;
  commonName: string;
}

/** The certificate to seal with: the configured one, else DATA_DIR's self-signed one (made now if missing). */
export function sealingCertificate(options: SealingCertificateOptions): SigningCertificate {
  if (options.configured) return options.configured;
  const file = join(options.dataDir, SELF_SIGNED_FILE);
  if (!existsSync(file)) createSelfSigned(file, options.commonName);
  const p12 = new Uint8Array(readFileSync(file));
  const opened = openP12(p12, SELF_SIGNED_PASSWORD);
  if ("error" in opened) {
    throw new AppError("unavailable", `The signing certificate ${file} cannot be used (${opened.error}). Restore it from a backup, or delete it to have a new one made.`);
  }
  return { file, p12, password: SELF_SIGNED_PASSWORD, commonName: opened.commonName };
}

/**
 * Writes a new self-signed certificate to `file`, unless another process got there first: it is
 * written under a temporary name and linked into place, which fails if the file exists, so two
 * first seals at once end with one certificate.
 */
function createSelfSigned(file: string, commonName: string): void {
  // Node's key generation (native), not forge's pure-JavaScript one, which takes seconds.
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 3072 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: "pkcs1", format: "pem" }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  // A positive random serial (the top bit clear), as RFC 5280 asks.
  cert.serialNumber = "0" + randomBytes(15).toString("hex");
  const now = new Date();
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now);
  cert.validity.notAfter.setFullYear(now.getFullYear() + VALID_YEARS);
  const subject = [
    { name: "commonName", value: commonName },
    { name: "organizationName", value: "Self-signed document seal" },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: "basicConstraints", cA: false, critical: true },
    { name: "keyUsage", digitalSignature: true, nonRepudiation: true, critical: true },
    { name: "subjectKeyIdentifier" },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], SELF_SIGNED_PASSWORD, { algorithm: "aes256", friendlyName: commonName });
  const bytes = Buffer.from(forge.asn1.toDer(asn1).getBytes(), "binary");

  const temp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  writeFileSync(temp, bytes, { mode: 0o600 });
  try {
    linkSync(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    rmSync(temp, { force: true });
  }
}
