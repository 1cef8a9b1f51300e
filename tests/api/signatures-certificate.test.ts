// The certificate that seals signed PDFs: the operator's P12 (SIGNING_CERT_FILE,
// SIGNING_CERT_PASSWORD), checked at start with one clear line for each way it can be wrong, else a
// self-signed one made in DATA_DIR on first use, readable by its owner only and reused after.
import { afterAll, describe, expect, test } from "bun:test";
import { generateKeyPairSync } from "node:crypto";
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import forge from "node-forge";
import { ConfigError, loadConfig } from "../../src/config.ts";
import { sealingCertificate } from "../../src/features/signatures/certificate-key.ts";
import { sealPdf } from "../../src/features/signatures/seal.ts";
import { tempDir } from "../support/server.ts";

const dirs: string[] = [];
const scratch = () => {
  const dir = tempDir("portal-seal-cert-");
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** An operator's own P12, as a CA or `openssl pkcs12 -export` would hand it over. */
function operatorP12(commonName: string, password: string): Uint8Array {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: "pkcs1", format: "pem" }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = "01";
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  cert.setSubject([{ name: "commonName", value: commonName }]);
  cert.setIssuer([{ name: "commonName", value: commonName }]);
  cert.sign(key, forge.md.sha256.create());
  return new Uint8Array(Buffer.from(forge.asn1.toDer(forge.pkcs12.toPkcs12Asn1(key, [cert], password, { algorithm: "aes256" })).getBytes(), "binary"));
}

async function pdfsigOf(bytes: Uint8Array, dir: string): Promise<string> {
  const file = join(dir, "sealed.pdf");
  writeFileSync(file, bytes);
  const proc = Bun.spawn(["pdfsig", file], { stdout: "pipe", stderr: "pipe" });
  const out = await new Response(proc.stdout).text();
  await proc.exited;
  return out;
}

const sealWith = (certificate: ReturnType<typeof sealingCertificate>) =>
  sealPdf({
    original: new Uint8Array(readFileSync(join(import.meta.dir, "../files/corpus/pdfjs--alphatrans.pdf"))),
    documentName: "Disclosure.pdf",
    fields: [{ type: "signature", page: 1, x: 0.1, y: 0.1, width: 0.4, height: 0.06, signer: 0, required: true }],
    signers: [
      { name: "Ada Lovelace", email: "ada@example.com", ip: null, userAgent: null, consentedAt: new Date(), viewedAt: new Date(), signedAt: new Date(), signature: { type: "typed", text: "Ada" }, values: {} },
    ],
    auditEntryIds: [],
    certificate,
    sealedAt: new Date(),
  });

describe("the self-signed certificate", () => {
  test("is made on first use in DATA_DIR, owner-only, and reused after", async () => {
    const dir = scratch();
    const file = join(dir, "signing-cert.p12");
    expect(existsSync(file)).toBe(false);
    const first = sealingCertificate({ configured: null, dataDir: dir, commonName: "docs.example.com" });
    expect(first.file).toBe(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const bytes = readFileSync(file);
    const again = sealingCertificate({ configured: null, dataDir: dir, commonName: "another name" });
    expect(Buffer.from(again.p12).equals(bytes)).toBe(true);
    expect(again.commonName).toBe("docs.example.com");

    const report = await pdfsigOf((await sealWith(again)).pdf, dir);
    expect(report).toContain("Signer Certificate Common Name: docs.example.com");
    expect(report).toContain("Signature Validation: Signature is Valid.");
  });

  test("a damaged certificate file is named with what to do, not replaced behind the operator's back", () => {
    const dir = scratch();
    writeFileSync(join(dir, "signing-cert.p12"), "not a certificate");
    expect(() => sealingCertificate({ configured: null, dataDir: dir, commonName: "x" })).toThrow(
      `The signing certificate ${join(dir, "signing-cert.p12")} cannot be used (it is not a PKCS#12 (.p12 or .pfx) file). Restore it from a backup, or delete it to have a new one made.`,
    );
  });
});

describe("SIGNING_CERT_FILE and SIGNING_CERT_PASSWORD", () => {
  test("the operator's certificate seals, and nothing is made in DATA_DIR", async () => {
    const dir = scratch();
    const p12File = join(scratch(), "brokerage.p12");
    writeFileSync(p12File, operatorP12("Acme Brokerage Document Seal", "correct horse"));
    const config = loadConfig({ DATA_DIR: dir, SIGNING_CERT_FILE: p12File, SIGNING_CERT_PASSWORD: "correct horse" });
    expect(config.signingCertificate?.commonName).toBe("Acme Brokerage Document Seal");
    const certificate = sealingCertificate({ configured: config.signingCertificate, dataDir: dir, commonName: "unused" });
    const report = await pdfsigOf((await sealWith(certificate)).pdf, dir);
    expect(report).toContain("Signer Certificate Common Name: Acme Brokerage Document Seal");
    expect(report).toContain("Signature Validation: Signature is Valid.");
    expect(existsSync(join(dir, "signing-cert.p12"))).toBe(false);
  });

  test("unset: no certificate configured", () => {
    expect(loadConfig({ DATA_DIR: scratch() }).signingCertificate).toBeNull();
  });

  test("each mistake stops the start with one line naming the setting", () => {
    const dir = scratch();
    const p12File = join(dir, "brokerage.p12");
    writeFileSync(p12File, operatorP12("Acme", "right"));
    const notP12 = join(dir, "cert.pem");
    writeFileSync(notP12, "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n");
    const missing = join(dir, "nowhere.p12");
    const cases: [Record<string, string>, string][] = [
      [{ SIGNING_CERT_FILE: missing }, `SIGNING_CERT_FILE "${missing}" cannot be read (ENOENT)`],
      [{ SIGNING_CERT_FILE: dir }, `SIGNING_CERT_FILE "${dir}" cannot be read (EISDIR)`],
      [{ SIGNING_CERT_FILE: p12File, SIGNING_CERT_PASSWORD: "wrong" }, `SIGNING_CERT_FILE "${p12File}" cannot be used: the password does not open it: check SIGNING_CERT_PASSWORD`],
      [{ SIGNING_CERT_FILE: p12File }, `SIGNING_CERT_FILE "${p12File}" cannot be used: the password does not open it: check SIGNING_CERT_PASSWORD`],
      [{ SIGNING_CERT_FILE: notP12 }, `SIGNING_CERT_FILE "${notP12}" cannot be used: it is not a PKCS#12 (.p12 or .pfx) file`],
      [{ SIGNING_CERT_PASSWORD: "right" }, "SIGNING_CERT_PASSWORD is set but SIGNING_CERT_FILE is not: name the .p12 file it opens"],
    ];
    for (const [env, message] of cases) {
      let thrown: unknown;
      try {
        loadConfig({ DATA_DIR: scratch(), ...env });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ConfigError);
      expect((thrown as Error).message).toBe(message);
    }
  });
});
