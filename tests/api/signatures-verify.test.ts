// `portal esign verify FILE` (issue 41, item 4) and the check under it: the same verdict as
// poppler's pdfsig on sealed, changed, extended and foreign files, and the certificate page's hashes.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { SigningCertificate } from "../../src/config/signing.ts";
import { sealingCertificate } from "../../src/features/signatures/certificate-key.ts";
import { sealPdf, type Sealed } from "../../src/features/signatures/seal.ts";
import { verifySealedPdf } from "../../src/features/signatures/verify.ts";
import { runCli } from "../support/cli.ts";
import { tempDir } from "../support/server.ts";

const corpus = (name: string) => new Uint8Array(readFileSync(join(import.meta.dir, "../files/corpus", name)));

let dir: string;
let certificate: SigningCertificate;
let sealed: Sealed;
beforeAll(async () => {
  dir = tempDir("portal-seal-verify-");
  certificate = sealingCertificate({ configured: null, dataDir: dir, commonName: "Verify Test Portal" });
  sealed = await sealPdf({
    original: corpus("pdfjs--sizes.pdf"),
    documentName: "Authorisation.pdf",
    fields: [{ type: "signature", page: 3, x: 0.1, y: 0.8, width: 0.4, height: 0.08, signer: 0, required: true }],
    signers: [
      { name: "Ada Lovelace", email: "ada@example.com", ip: "203.0.113.7", userAgent: "Mozilla/5.0", consentedAt: new Date(), viewedAt: new Date(), signedAt: new Date(), signature: { type: "typed", text: "Ada Lovelace" }, values: {} },
    ],
    auditEntryIds: ["aud_1"],
    certificate,
    sealedAt: new Date("2026-11-20T09:02:31Z"),
  });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const write = (name: string, bytes: Uint8Array) => {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  return file;
};

async function pdfsigSaysValid(bytes: Uint8Array): Promise<boolean> {
  const proc = Bun.spawn(["pdfsig", write(`${crypto.randomUUID()}.pdf`, bytes)], { stdout: "pipe", stderr: "pipe" });
  const out = await new Response(proc.stdout).text();
  await proc.exited;
  return out.includes("Signature is Valid.") && out.includes("Total document signed");
}

/** One byte inside the first signed range (the header's binary comment), changed. */
function oneByteChanged(bytes: Uint8Array): Uint8Array {
  const out = bytes.slice();
  const at = out.indexOf(0x25, 1) + 1;
  out[at] = out[at]! ^ 0x01;
  return out;
}

describe("verifySealedPdf agrees with pdfsig", () => {
  test("a sealed file: valid, the sealing certificate, the certificate page's hashes", async () => {
    const verdict = await verifySealedPdf(sealed.pdf);
    expect(verdict).toEqual({
      valid: true,
      problem: null,
      signer: "Verify Test Portal",
      signedAt: new Date("2026-11-20T09:02:31Z"),
      subFilter: "adbe.pkcs7.detached",
      originalSha256: sealed.originalSha256,
      contentSha256: sealed.contentSha256,
      fileSha256: sealed.sealedSha256,
    });
    expect(await pdfsigSaysValid(sealed.pdf)).toBe(true);
  });

  test("one byte changed, bytes added after the end, or a foreign file signed over part of itself: not valid, with the reason", async () => {
    const changed = oneByteChanged(sealed.pdf);
    expect((await verifySealedPdf(changed)).problem).toBe("The file changed after it was sealed: its bytes no longer match the signature.");
    expect(await pdfsigSaysValid(changed)).toBe(false);

    const extended = new Uint8Array([...sealed.pdf, ...new TextEncoder().encode("\n% appended\n")]);
    expect((await verifySealedPdf(extended)).problem).toBe("The signature does not cover the whole file: something was added or cut after sealing.");
    expect(await pdfsigSaysValid(extended)).toBe(false);

    // A foreign file signed over part of itself (pdf.js's sample): pdfsig says "Not total document signed".
    const foreign = corpus("pdfjs--signed_verified.pdf");
    expect((await verifySealedPdf(foreign)).valid).toBe(false);
    expect(await pdfsigSaysValid(foreign)).toBe(false);
  });

  test("a PDF without a signature", async () => {
    expect(await verifySealedPdf(corpus("pdfjs--sizes.pdf"))).toMatchObject({ valid: false, problem: "The file carries no digital signature." });
  });
});

describe("portal esign verify FILE", () => {
  test("a sealed file: exit 0, the verdict and the hashes", async () => {
    const res = await runCli(["esign", "verify", write("sealed.pdf", sealed.pdf)]);
    expect(res.stderr).toBe("");
    expect(res.exitCode).toBe(0);
    expect(res.stdout.split("\n")).toEqual([
      "Signature: valid, covering the whole file: nothing changed since it was sealed",
      "Signed by: Verify Test Portal (whether to trust this certificate is yours to decide)",
      "Signed at: 2026-11-20 09:02:31 UTC",
      "Signature type: adbe.pkcs7.detached",
      `SHA-256 of the original PDF (certificate page): ${sealed.originalSha256}`,
      `SHA-256 of the signed pages (certificate page): ${sealed.contentSha256}`,
      `SHA-256 of this file: ${sealed.sealedSha256}`,
      "",
    ]);
  });

  test("a changed file: exit 1 and why; a missing file or no file: one line", async () => {
    const res = await runCli(["esign", "verify", write("changed.pdf", oneByteChanged(sealed.pdf))]);
    expect(res.exitCode).toBe(1);
    expect(res.stdout).toStartWith("Signature: NOT valid. The file changed after it was sealed");

    const missing = await runCli(["esign", "verify", join(dir, "nowhere.pdf")]);
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr.trim()).toBe(`Cannot read ${join(dir, "nowhere.pdf")} (ENOENT)`);

    const usage = await runCli(["esign", "verify"]);
    expect(usage.exitCode).toBe(2);
    expect(usage.stderr).toContain("esign verify needs one file: portal esign verify <sealed.pdf>");
  });
});
