// The certificate that seals signed PDFs (issue 41): the operator's own PKCS#12 file
// (SIGNING_CERT_FILE, SIGNING_CERT_PASSWORD), read and opened once at start so a wrong path or
// password stops the process with one line instead of failing the first signer; unset, the
// signatures feature makes a self-signed one in DATA_DIR on first use.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { ConfigError, value, type Env } from "./parse.ts";

export interface SigningCertificate {
  /** Where it came from, for messages: the operator's file or the generated one. */
  file: string;
  p12: Uint8Array;
  password: string;
  /** The certificate's subject common name, for the certificate page. */
  commonName: string;
}

/** SIGNING_CERT_FILE and SIGNING_CERT_PASSWORD, opened; null when unset (a self-signed one is used). */
export function signingCertificate(env: Env): SigningCertificate | null {
  const file = value(env, "SIGNING_CERT_FILE");
  const password = env.SIGNING_CERT_PASSWORD ?? ""; // as given: a password may begin or end with a space
  if (!file) {
    if (password) throw new ConfigError("SIGNING_CERT_PASSWORD is set but SIGNING_CERT_FILE is not: name the .p12 file it opens");
    return null;
  }
  const path = resolve(file);
  let p12: Uint8Array;
  try {
    p12 = new Uint8Array(readFileSync(path));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new ConfigError(`SIGNING_CERT_FILE "${path}" cannot be read (${reason})`);
  }
  // node-forge takes ~80 ms to load: only a portal with its own certificate pays for it at start.
  const { openP12 } = require("./p12.ts") as typeof import("./p12.ts");
  const opened = openP12(p12, password);
  if ("error" in opened) {
    const hint = opened.error === "the password does not open it" ? ": check SIGNING_CERT_PASSWORD" : "";
    throw new ConfigError(`SIGNING_CERT_FILE "${path}" cannot be used: ${opened.error}${hint}`);
  }
  return { file: path, p12, password, commonName: opened.commonName };
}
