// Recognition reading real documents nobody on the team wrote (tests/files/recognition/README.md):
// PDFs with a text layer through pdf.js, scanned pages and photos through OCR (tesseract.js-core
// with its bundled English model, nothing downloaded), on the reading threads, bounded in pages
// and time. The rules themselves are tested on text in recognition-rules.test.ts.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { ocrInput, readFileText } from "../../src/features/recognition/read-file.ts";
import { ocrImage } from "../../src/features/recognition/ocr.ts";
import { imageSize } from "../../src/features/recognition/image-size.ts";
import { MAX_TEXT_PAGES } from "../../src/features/recognition/pdf-text.ts";
import { recogniseFile } from "../../src/features/recognition/service.ts";
import { IMAGE_KIND, MAX_OCR_SIDE, shrinkGrey, toGrey } from "../../src/features/recognition/pixels.ts";
import * as jpeg from "jpeg-js";
import { recognitionRulesFor } from "../../src/shared/recognition/rules.ts";
import { realPdf } from "../files/samples.ts";

const DIR = join(import.meta.dir, "../files/recognition");
const file = (name: string) => join(DIR, name);
const FILES = {
  form1040: file("Siegric-test--f1040.pdf"),
  statement: file("rokasauras-FinCheck--statement_sample_unaltered.pdf"),
  scannedStatement: file("rokasauras-FinCheck--sample_bank_statement_png.pdf"),
  savings: file("Sachin-kalaiselvan-financial-document-analyzer--sample_bank_statement.pdf"),
  payslip: file("Atticusdion-Helloworld--Extractor_PaySlip1.pdf"),
  w2: file("Atticusdion-Helloworld--Extractor_W2.jpg"),
  transactions: file("naptha-tesseract.js--tests_assets_images_bill.png"),
  plainText: file("naptha-tesseract.js--tests_assets_images_testocr.png"),
  licence: file("mindee-client-lib-test-data--v1_products_us_driver_license_default_sample.jpg"),
  electricityBill: file("mindee-client-lib-test-data--v1_products_proof_of_address_default_sample.jpg"),
  resume: file("mindee-client-lib-test-data--v1_products_resume_default_sample.jpg"),
  receipt: file("mindee-client-lib-test-data--v1_products_expense_receipts_us_receipt.jpg"),
  healthCard: file("mindee-client-lib-test-data--v1_products_us_healthcare_cards_default_sample.jpg"),
  w9At300Dpi: file("mindee-client-lib-test-data--v1_products_us_w9_default_sample.jpg"),
};
const mimeOf = (path: string) => (path.endsWith(".pdf") ? "application/pdf" : path.endsWith(".png") ? "image/png" : "image/jpeg");
const NOW = new Date("2025-11-20T12:00:00Z");

const work = mkdtempSync(join(tmpdir(), "recognition-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The file recognised on a reading thread, as the upload flow will call it. */
const recognised = (path: string, documentName: string, customerName: string | null = null) =>
  recogniseFile({ path, mimeType: mimeOf(path), documentName, rules: recognitionRulesFor(documentName), customerName, now: NOW });

describe("PDFs with a text layer (pdf.js)", () => {
  test("the IRS Form 1040 is a tax return for 2021", async () => {
    const r = await recognised(FILES.form1040, "Tax Returns");
    expect(r).toMatchObject({ kind: "tax_return", verdict: "ok" });
    expect(r.dates).toContainEqual({ role: "tax_year", date: "2021-12-31" });
    expect(r.confidence).toBeGreaterThan(0.9);
  });

  test("a bank's sample statement: its kind and its statement date; asked for a paystub, the customer is told", async () => {
    const r = await recognised(FILES.statement, "Paystub");
    expect(r.kind).toBe("bank_statement");
    expect(r.dates).toContainEqual({ role: "statement_end", date: "2003-06-05" });
    expect(r).toMatchObject({ verdict: "warn", messages: ["This looks like a bank statement; your broker asked for a paystub"] });
  });

  test("asked for the statement itself, an old one is too old, and whose it is is read", async () => {
    const r = await recognised(FILES.savings, "Bank Statement", "Arjun Mehra");
    expect(r).toMatchObject({ kind: "bank_statement", holderName: "Arjun Mehra", nameMatches: true, verdict: "warn" });
    expect(r.dates).toContainEqual({ role: "statement_end", date: "2024-12-31" });
    expect(r.messages).toEqual(["This statement ends on 31 December 2024; your broker asked for one from the last 60 days"]);
    expect((await recognised(FILES.savings, "Bank Statement", "Priya Sharma")).messages).toContain("This bank statement is in another name");
  });

  test("a payslip: its pay period (a month) is its age, not the employee's date of joining", async () => {
    const r = await recognised(FILES.payslip, "Paystub", "Sally Harley");
    expect(r).toMatchObject({ kind: "paystub", holderName: "Sally Harley", nameMatches: true, verdict: "warn" });
    expect(r.dates).toEqual([
      { role: "hired", date: "2018-06-23" },
      { role: "period_end", date: "2021-08-31" },
    ]);
    expect(r.messages).toEqual(["This paystub's pay period ends on 31 August 2021; your broker asked for one from the last 45 days"]);
  });
});

describe("OCR: a scanned page and photos", () => {
  test("a scanned W-2 with its earnings summary is a W-2 for 2020, not a paystub", async () => {
    const r = await recognised(FILES.w2, "W-2 Forms");
    expect(r).toMatchObject({ kind: "w2", verdict: "ok" });
    expect(r.dates).toContainEqual({ role: "tax_year", date: "2020-12-31" });
  });

  test("a scanned statement (a PDF that is one picture) is read by OCR and recognised", async () => {
    const read = await readFileText(FILES.scannedStatement, "application/pdf", Date.now() + 120_000);
    expect(read).toMatchObject({ pages: 1, ocrPages: 1, cut: false });
    expect(read.text).toMatch(/Bank Statement/i);
    expect(read.text).toMatch(/Brought forward/i);
    expect((await recognised(FILES.scannedStatement, "Bank Statement")).kind).toBe("bank_statement");
  });

  test("a screenshot of transactions reads its key words and is a bank statement", async () => {
    const read = await readFileText(FILES.transactions, "image/png", Date.now() + 120_000);
    expect(read.text).toContain("Balance Forward");
    expect(read.text).toContain("Clearing Cheque");
    expect((await recognised(FILES.transactions, "Paystub")).messages).toEqual(["This looks like a bank statement; your broker asked for a paystub"]);
  });

  test("a photo of a driver licence: a photo ID, and its expiry read (it expired in 2018)", async () => {
    const r = await recognised(FILES.licence, "Photo ID");
    expect(r.kind).toBe("photo_id");
    expect(r.dates).toContainEqual({ role: "expiry", date: "2018-02-01" });
    expect(r).toMatchObject({ verdict: "warn", messages: ["This ID expired on 1 February 2018"] });
  });

  test("a photo larger than the OCR reads well is shrunk first, and still read", async () => {
    // The licence photo blown up three times (3072 x 1938), as a phone's larger photo would be.
    const small = jpeg.decode(new Uint8Array(await Bun.file(FILES.licence).arrayBuffer()), { useTArray: true });
    const [w, h] = [small.width * 3, small.height * 3];
    const big = new Uint8Array(w * h * 4);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) big.set(small.data.subarray(((((y / 3) | 0) * small.width + ((x / 3) | 0)) * 4), ((((y / 3) | 0) * small.width + ((x / 3) | 0)) * 4) + 4), (y * w + x) * 4);
    const path = join(work, "big-licence.jpg");
    writeFileSync(path, jpeg.encode({ width: w, height: h, data: big }, 90).data);
    expect(Math.max(w, h)).toBeGreaterThan(MAX_OCR_SIDE);
    const r = await recognised(path, "Photo ID");
    expect(r.kind).toBe("photo_id");
    expect((await readFileText(path, "image/jpeg", Date.now() + 120_000)).text).toContain("D12345678");
    // Not its expiry: blown up blocky, re-encoded and shrunk back to 1700 px (1.7 times the
    // original), OCR reads "0201/2018" for 02/01/2018, which it read at 2200 px and reads on the
    // original photo (above). The price of reading dense pages under 4 s (pixels.ts).
  });

  test("a letter page scanned at 300 dpi goes to the engine at about 150 dpi (0.6 of the pixels at 2200 px), and still reads", async () => {
    // The engine's time grows with the pixels (pixels.ts): at 2200 px this dense form took over 4 s of CPU.
    const bytes = new Uint8Array(await Bun.file(FILES.w9At300Dpi).arrayBuffer());
    expect(imageSize(bytes)).toEqual({ width: 2550, height: 3300 });
    const input = ocrInput(bytes, "image/jpeg", imageSize(bytes)!);
    expect(new TextDecoder().decode(input.subarray(0, 17))).toBe("P5\n1314 1700\n255\n");
    const { text } = await ocrImage(input);
    expect(text).toMatch(/Request for Taxpayer/);
    expect(text).toMatch(/Identification Number and Certification/);
    expect(text).toMatch(/Taxpayer Identification Number \(TIN\)/);
  });

  test("a letter page scanned at 300 dpi is decoded for OCR in bounded memory (+146 MB through jpeg-js, +68 through pdf.js's decoder)", async () => {
    // In a process of its own, so that nothing else this file read counts; the resident size just
    // after the decode, before any collection, holds what the decode allocated.
    const script = `
      import { ocrInput } from ${JSON.stringify(join(import.meta.dir, "../../src/features/recognition/read-file.ts"))};
      const bytes = new Uint8Array(await Bun.file(${JSON.stringify(FILES.w9At300Dpi)}).arrayBuffer());
      Bun.gc(true);
      const before = process.memoryUsage().rss;
      const input = ocrInput(bytes, "image/jpeg", { width: 2550, height: 3300 });
      console.log(JSON.stringify({ grownMb: (process.memoryUsage().rss - before) / 1048576, bytes: input.length }));`;
    const child = Bun.spawn([process.execPath, "-e", script], { stdout: "pipe", stderr: "inherit" });
    const { grownMb, bytes } = JSON.parse(await new Response(child.stdout).text()) as { grownMb: number; bytes: number };
    expect(await child.exited).toBe(0);
    expect(bytes).toBe(17 + 1314 * 1700);
    expect(grownMb).toBeLessThan(110);
  });

  test("pixels for OCR: 1-bit and RGB pages made grey, a large one shrunk by averaging", () => {
    expect([...toGrey({ width: 3, height: 1, kind: IMAGE_KIND.GRAYSCALE_1BPP, data: new Uint8Array([0b10100000]) })]).toEqual([255, 0, 255]);
    expect([...toGrey({ width: 2, height: 1, kind: IMAGE_KIND.RGB_24BPP, data: new Uint8Array([255, 255, 255, 0, 0, 0]) })]).toEqual([255, 0]);
    const shrunk = shrinkGrey(new Uint8Array([0, 100, 200, 50]), 4, 1, 2);
    expect(shrunk).toEqual({ grey: new Uint8Array([50, 125]), width: 2, height: 1 });
  });

  test("a scanned electricity bill is a utility bill", async () => {
    expect((await recognised(FILES.electricityBill, "Utility bill")).kind).toBe("utility_bill");
  });

  test("a résumé, a receipt, a health card and plain text are 'could not tell', never a wrong warning", async () => {
    for (const path of [FILES.resume, FILES.receipt, FILES.healthCard, FILES.plainText]) {
      expect(await recognised(path, "Paystub")).toMatchObject({ kind: null, verdict: "unknown", messages: [] });
    }
  });
});

describe("bounded, and nothing leaves the machine", () => {
  test("OCR and PDF reading never call fetch (the model and engine are the bundled files)", async () => {
    const realFetch = globalThis.fetch;
    const calls: string[] = [];
    globalThis.fetch = Object.assign(async (input: string | URL | Request) => {
      calls.push(String(input instanceof Request ? input.url : input));
      throw new Error("network cut");
    }, realFetch);
    try {
      // In this thread (not a reading thread), so the stub above is the fetch the engine would see.
      const read = await readFileText(FILES.licence, "image/jpeg", Date.now() + 120_000);
      expect(read.text).toMatch(/LICENSE/);
      expect((await readFileText(FILES.form1040, "application/pdf", Date.now() + 120_000)).text).toContain("Individual Income Tax Return");
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(calls).toEqual([]);
  });

  test("a 10,000-page PDF: only the first pages are read", async () => {
    const path = join(work, "huge.pdf");
    writeFileSync(path, realPdf(10_000));
    const read = await readFileText(path, "application/pdf", Date.now() + 120_000);
    expect(read).toMatchObject({ pages: 10_000, ocrPages: 0, cut: true });
    expect(MAX_TEXT_PAGES).toBeLessThanOrEqual(10);
  });

  test("a photo of 100 megapixels is not handed to OCR: could not tell", async () => {
    // A PNG header that says 10,000 x 10,000: the size is read from the header, the pixels never.
    const png = new Uint8Array(33);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    new DataView(png.buffer).setUint32(16, 10_000);
    new DataView(png.buffer).setUint32(20, 10_000);
    const path = join(work, "huge.png");
    writeFileSync(path, png);
    expect(await readFileText(path, "image/png", Date.now() + 120_000)).toMatchObject({ text: "", ocrPages: 0 });
    expect(await recognised(path, "Photo ID")).toMatchObject({ kind: null, verdict: "unknown" });
  });

  test("a damaged file or one past the time limit is 'could not tell', not an error", async () => {
    const path = join(work, "broken.pdf");
    writeFileSync(path, "%PDF-1.4\nnot really");
    expect(await recognised(path, "Paystub")).toMatchObject({ kind: null, verdict: "unknown" });
    const empty = join(work, "empty.pdf");
    writeFileSync(empty, "");
    expect(await readFileText(empty, "application/pdf", Date.now() + 120_000)).toMatchObject({ text: "", pages: 0 });
    const slow = await recogniseFile({ path: FILES.scannedStatement, mimeType: "application/pdf", documentName: "Bank Statement", rules: recognitionRulesFor("Bank Statement"), customerName: null, timeLimitMs: 50 });
    expect(slow).toMatchObject({ kind: null, verdict: "unknown", messages: [] });
  });
});

test("reading PDFs in this thread leaves the runtime's navigator alone (the thread count reads it)", async () => {
  const cores = navigator.hardwareConcurrency;
  expect(cores).toBeGreaterThan(0);
  await readFileText(FILES.statement, "application/pdf", Date.now() + 120_000);
  expect(navigator.hardwareConcurrency).toBe(cores);
  expect(availableParallelism()).toBe(cores);
});
