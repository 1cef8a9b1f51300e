// The sealing engine (issue 41, item 3) on real PDFs from real producers (tests/files/corpus:
// TCPDF, Acrobat Pro with a rotated page and a CropBox, Word with a page turned the other way,
// OpenOffice with three pages of three sizes), checked by tools that are not ours: poppler's pdfsig
// says the signature is valid and covers the whole file (and invalid once one byte changes),
// pdftotext reads the certificate page and the typed values, and pdf.js (what the browser places
// fields on) finds each value inside the box it was placed in.
import { pdfjs } from "../../src/features/document-checks/pdf.ts";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { SigningCertificate } from "../../src/config/signing.ts";
import { sealingCertificate } from "../../src/features/signatures/certificate-key.ts";
import { sealMessages, sealPdf, type SealInput, type SealSigner } from "../../src/features/signatures/seal.ts";
import type { SignatureField } from "../../src/shared/signatures.ts";
import { realPng } from "../files/samples.ts";
import { tempDir } from "../support/server.ts";

const corpus = (name: string) => new Uint8Array(readFileSync(join(import.meta.dir, "../files/corpus", name)));
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

let dir: string;
let certificate: SigningCertificate;
beforeAll(() => {
  dir = tempDir("portal-seal-");
  certificate = sealingCertificate({ configured: null, dataDir: dir, commonName: "Seal Test Portal" });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(argv: string[], bytes: Uint8Array): Promise<{ out: string; code: number }> {
  const file = join(dir, `${crypto.randomUUID()}.pdf`);
  writeFileSync(file, bytes);
  const proc = Bun.spawn([...argv, file, ...(argv[0] === "pdftotext" ? ["-"] : [])], { stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  rmSync(file, { force: true });
  return { out: out + err, code };
}
const pdfsig = (bytes: Uint8Array) => run(["pdfsig"], bytes);
const pdftotext = async (bytes: Uint8Array) => (await run(["pdftotext", "-layout"], bytes)).out;

function signer(overrides: Partial<SealSigner> = {}): SealSigner {
  return {
    name: "Ada Lovelace",
    email: "ada@example.com",
    ip: "203.0.113.7",
    userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148",
    consentedAt: new Date("2026-11-20T09:00:01Z"),
    viewedAt: new Date("2026-11-20T09:00:05Z"),
    signedAt: new Date("2026-11-20T09:02:30Z"),
    signature: { type: "typed", text: "Ada Lovelace" },
    values: {},
    ...overrides,
  };
}

const field = (f: Partial<SignatureField> & Pick<SignatureField, "type">): SignatureField => ({
  page: 1,
  x: 0.1,
  y: 0.1,
  width: 0.4,
  height: 0.06,
  signer: 0,
  required: true,
  ...f,
});

const input = (original: Uint8Array, overrides: Partial<SealInput> = {}): SealInput => ({
  original,
  documentName: "Engagement letter.pdf",
  fields: [field({ type: "signature" })],
  signers: [signer()],
  auditEntryIds: ["aud_01", "aud_02"],
  certificate,
  sealedAt: new Date("2026-11-20T09:02:31Z"),
  ...overrides,
});

/** pdfsig's verdict on a sealed file: one signature, valid, over the whole file. */
function expectValidOverWholeFile(report: { out: string; code: number }) {
  expect(report.out).toContain("Signature #1:");
  expect(report.out).not.toContain("Signature #2:");
  expect(report.out).toContain("Signature Validation: Signature is Valid.");
  expect(report.out).toContain("Total document signed");
  expect(report.out).toContain("Signature Type: adbe.pkcs7.detached");
  expect(report.out).toContain("Signature Field Name: Portal seal");
  expect(report.code).toBe(0);
}

/** Where pdf.js finds `text` on a page, as fractions of the page it shows (its viewport, as the browser sees it). */
async function placeOf(bytes: Uint8Array, pageNumber: number, text: string): Promise<{ x: number; baseline: number } | null> {
  // The portal's own loader: a bare import of pdf.js would replace this process's navigator (see
  // document-checks/pdf.ts), and later test files read the thread count from it.
  const loading = (await pdfjs()).getDocument({ data: bytes.slice(), useWorkerFetch: false, verbosity: 0 });
  try {
    const page = await (await loading.promise).getPage(pageNumber);
    const viewport = page.getViewport({ scale: 1 });
    const item = (await page.getTextContent()).items.find((i) => "str" in i && i.str.includes(text));
    if (!item || !("transform" in item)) return null;
    const [u, v] = viewport.convertToViewportPoint(item.transform[4], item.transform[5]) as [number, number];
    return { x: u / viewport.width, baseline: v / viewport.height };
  } finally {
    await loading.destroy();
  }
}

describe("sealing real PDFs", () => {
  const cases = [
    { file: "pdfjs--alphatrans.pdf", producer: "TCPDF, A4", pages: 1 },
    { file: "pdfjs--issue16278.pdf", producer: "Acrobat Pro: /Rotate 90 and a CropBox inside the MediaBox", pages: 1 },
    { file: "pdfjs--pr20043.pdf", producer: "Word 2016 + iText: /Rotate 270", pages: 1 },
    { file: "pdfjs--sizes.pdf", producer: "OpenOffice.org 3.3: three pages of three sizes", pages: 3 },
    { file: "pdfjs--form_two_pages.pdf", producer: "Acrobat 25: an interactive form over two pages", pages: 2 },
  ];
  for (const { file, producer, pages } of cases) {
    test(`${file} (${producer}): fields flattened in place, certificate page appended, pdfsig: valid over the whole file`, async () => {
      const original = corpus(file);
      const last = pages;
      const fields = [
        field({ type: "signature", page: last, x: 0.1, y: 0.7, width: 0.35, height: 0.08 }),
        field({ type: "text", page: 1, x: 0.2, y: 0.3, width: 0.5, height: 0.05 }),
        field({ type: "name", page: last, x: 0.55, y: 0.7, width: 0.35, height: 0.04 }),
        field({ type: "date", page: last, x: 0.55, y: 0.8, width: 0.3, height: 0.04 }),
        field({ type: "checkbox", page: 1, x: 0.85, y: 0.1, width: 0.04, height: 0.04 }),
        field({ type: "text", page: 1, x: 0.2, y: 0.45, width: 0.5, height: 0.05, required: false }),
      ];
      const values = { "1": "Policy 4471-B", "4": true };
      const sealed = await sealPdf(input(original, { documentName: `${file} for signing`, fields, signers: [signer({ values })] }));

      expectValidOverWholeFile(await pdfsig(sealed.pdf));
      expect(sealed.originalSha256).toBe(sha256(original));
      expect(sealed.sealedSha256).toBe(sha256(sealed.pdf));

      const text = await pdftotext(sealed.pdf);
      expect(text).toContain("Policy 4471-B");
      expect(text).toContain("2026-11-20");
      expect(text).toContain("Signature certificate");
      expect(text).toContain(`${file} for signing`);
      expect(text).toContain(sha256(original));
      expect(text).toContain(sealed.contentSha256);
      for (const line of ["Ada Lovelace", "ada@example.com", "203.0.113.7", "Mozilla/5.0 (iPhone;", "2026-11-20 09:00:01 UTC", "2026-11-20 09:00:05 UTC", "2026-11-20 09:02:30 UTC", "aud_01, aud_02", "Seal Test Portal"]) {
        expect(text).toContain(line);
      }
      const info = await run(["pdfinfo"], sealed.pdf);
      expect(info.out).toMatch(new RegExp(`Pages:\\s+${pages + 1}\\n`));

      // Each value sits inside its box on the page as pdf.js shows it, whatever the page's rotation and CropBox.
      const typed = await placeOf(sealed.pdf, 1, "Policy 4471-B");
      expect(typed).not.toBeNull();
      expect(typed!.x).toBeGreaterThanOrEqual(0.2);
      expect(typed!.x).toBeLessThan(0.21);
      expect(typed!.baseline).toBeGreaterThan(0.3);
      expect(typed!.baseline).toBeLessThan(0.35);
      const signature = await placeOf(sealed.pdf, last, "Ada Lovelace");
      expect(signature!.x).toBeGreaterThanOrEqual(0.1);
      expect(signature!.x).toBeLessThan(0.11);
      expect(signature!.baseline).toBeGreaterThan(0.7);
      expect(signature!.baseline).toBeLessThan(0.78);
    });
  }

  test("one byte changed after sealing: pdfsig reports the signature invalid", async () => {
    const sealed = await sealPdf(input(corpus("pdfjs--alphatrans.pdf")));
    expectValidOverWholeFile(await pdfsig(sealed.pdf));
    // A byte of the certificate page's text: "Ada" becomes "Ida" where it is written uncompressed, else
    // the header's binary comment (inside the signed range, harmless to the file's structure).
    const tampered = sealed.pdf.slice();
    const at = tampered.indexOf(0x25, 1); // the second "%": the binary comment after the header line
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(20);
    tampered[at + 1] = tampered[at + 1]! ^ 0x01;
    const report = await pdfsig(tampered);
    expect(report.out).toContain("Signature #1:");
    expect(report.out).not.toContain("Signature is Valid.");
    expect(report.out).toMatch(/Signature Validation: (Digest Mismatch|Signature is Invalid)/);

    // A byte after the signature (the second signed range): one hex digit of the trailer's file
    // /ID, which no reader's parsing minds.
    const tail = sealed.pdf.slice();
    const text = new TextDecoder("latin1").decode(tail);
    const id = text.lastIndexOf("/ID");
    expect(id).toBeGreaterThan(text.lastIndexOf("/ByteRange"));
    const digit = text.indexOf("<", id) + 1;
    expect(text[digit]).toMatch(/[0-9A-Fa-f]/);
    tail[digit] = text[digit] === "0" ? 0x31 : 0x30;
    const tailReport = await pdfsig(tail);
    expect(tailReport.out).toContain("Signature #1:");
    expect(tailReport.out).not.toContain("Signature is Valid.");
  });

  test("a drawn signature (PNG) is drawn into its box", async () => {
    const sealed = await sealPdf(input(corpus("pdfjs--issue16278.pdf"), { signers: [signer({ signature: { type: "drawn", png: realPng(300, 100) } })] }));
    expectValidOverWholeFile(await pdfsig(sealed.pdf));
    const images = await run(["pdfimages", "-list", "-f", "1", "-l", "1"], sealed.pdf);
    expect(images.out).toMatch(/\s300\s+100\s+rgb/);
  });

  test("two signers: each one's fields and certificate entry", async () => {
    const fields = [field({ type: "signature", signer: 0 }), field({ type: "signature", signer: 1, y: 0.5 }), field({ type: "initials", signer: 1, y: 0.8, width: 0.1 })];
    const signers = [signer(), signer({ name: "Grace Hopper", email: "grace@example.com", ip: null, userAgent: null, viewedAt: null, signature: { type: "typed", text: "G. Hopper" }, values: { "2": "GMH" } })];
    const sealed = await sealPdf(input(corpus("pdfjs--sizes.pdf"), { fields, signers }));
    expectValidOverWholeFile(await pdfsig(sealed.pdf));
    const text = await pdftotext(sealed.pdf);
    for (const line of ["Signer 1", "Signer 2", "G. Hopper", "GMH", "grace@example.com", "not recorded"]) expect(text).toContain(line);
  });
});

describe("refused with a message", () => {
  test("an encrypted or password-protected PDF", async () => {
    for (const file of ["qpdf--V4-aes.pdf", "qpdf--encrypted-40-bit-R3.pdf", "qpdf--enc-XI-R6_V5_O_master.pdf", "pdfjs--issue3371.pdf"]) {
      await expect(sealPdf(input(corpus(file)))).rejects.toMatchObject({ code: "bad_request", message: sealMessages.encrypted });
    }
  });

  test("a PDF that already carries a digital signature (sealing would break it)", async () => {
    const original = corpus("pdfjs--signed_verified.pdf");
    expect((await pdfsig(original)).out).toContain("Signature #1:");
    await expect(sealPdf(input(original))).rejects.toMatchObject({ code: "bad_request", message: sealMessages.alreadySigned });
  });

  test("a damaged PDF, or no PDF at all", async () => {
    const truncated = corpus("pdfjs--sizes.pdf").subarray(0, 6000);
    for (const bytes of [corpus("qpdf--bad7.pdf"), corpus("qpdf--global_damaged.pdf"), truncated, new TextEncoder().encode("not a pdf")]) {
      await expect(sealPdf(input(bytes))).rejects.toMatchObject({ code: "bad_request", message: sealMessages.damaged });
    }
  });

  test("a field outside the page or past the last page, a required value missing, a drawn signature that is not a PNG", async () => {
    const original = corpus("pdfjs--alphatrans.pdf");
    await expect(sealPdf(input(original, { fields: [field({ type: "signature", x: 0.8, width: 0.4 })] }))).rejects.toMatchObject({
      code: "bad_request",
      message: "Field 1 (Signature) reaches outside its page. Move it inside the page.",
    });
    await expect(sealPdf(input(original, { fields: [field({ type: "signature", page: 2 })] }))).rejects.toMatchObject({
      message: "Field 1 (Signature) is on page 2, but the document has 1 page.",
    });
    await expect(sealPdf(input(original, { fields: [field({ type: "signature" }), field({ type: "text", y: 0.5 })] }))).rejects.toMatchObject({
      message: "Field 2 (Text) is required. Fill it in to sign.",
    });
    await expect(sealPdf(input(original, { signers: [signer({ signature: { type: "drawn", png: new TextEncoder().encode("<svg/>") } })] }))).rejects.toMatchObject({
      message: sealMessages.notPng,
    });
    // A PNG's signature followed by junk: refused as the signer's image, not blamed on the PDF.
    const junkPng = new Uint8Array([...realPng(10, 10).subarray(0, 8), ...new TextEncoder().encode("junk junk junk junk")]);
    await expect(sealPdf(input(original, { signers: [signer({ signature: { type: "drawn", png: junkPng } })] }))).rejects.toMatchObject({
      message: sealMessages.notPng,
    });
    await expect(sealPdf(input(original, { signers: [signer({ name: "王小明" })] }))).rejects.toMatchObject({
      message: "Signer 1's name has characters the signed PDF cannot show: 王 小 明",
    });
  });
});
