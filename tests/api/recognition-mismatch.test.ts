// Issue 42, "Hostile": a PDF whose text layer says one thing and whose page (a picture) shows
// another. pdf.js reads the text layer, which the customer does not see when it is invisible
// (render mode 3, as a scanner's OCR layer is) or white; the customer sees the picture. Built
// here with pdf-lib from real corpus scans (tests/files/recognition/README.md) and real text
// layers, read on the reading threads as the upload flow reads them.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PDFDocument, rgb, setTextRenderingMode, StandardFonts, TextRenderingMode } from "pdf-lib";
import { readFileText } from "../../src/features/recognition/read-file.ts";
import { readFirstPagePicture } from "../../src/features/recognition/pdf-text.ts";
import { ocrImage } from "../../src/features/recognition/ocr.ts";
import { recogniseFile } from "../../src/features/recognition/service.ts";
import { recognitionRulesFor } from "../../src/shared/recognition/rules.ts";
import { checkedAgainstPicture, COULD_NOT_TELL, recognise } from "../../src/shared/recognition/verdict.ts";
import { classifyText } from "../../src/shared/recognition/classify.ts";
import { normaliseText } from "../../src/shared/recognition/text.ts";

const DIR = join(import.meta.dir, "../files/recognition");
const SCAN = {
  payslip: join(DIR, "mohdzain98-landing_ai_kyc--data_Luis_Davis_luis_payslip.png"),
  bankStatement: join(DIR, "mohdzain98-landing_ai_kyc--data_Luis_Davis_luis_davis_bank_statement.png"),
};
const TEXT_PDF = {
  bankStatement: join(DIR, "rokasauras-FinCheck--statement_sample_unaltered.pdf"),
  payslip: join(DIR, "Atticusdion-Helloworld--Extractor_PaySlip1.pdf"),
};
const NOW = new Date("2025-11-20T12:00:00Z");
const LATER = Date.now() + 120_000;

const work = mkdtempSync(join(tmpdir(), "recognition-mismatch-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const textLayerOf = async (pdf: string) => (await readFileText(pdf, "application/pdf", LATER)).text;

/**
 * A one-page PDF: the PNG drawn over `coverage` of the page (1: a scan), and over it `text`, line
 * by line, invisible (render mode 3) or white: what pdf.js reads, not what the customer sees.
 */
async function pictureUnderText(name: string, png: string, text: string, how: { hidden: "invisible" | "white"; coverage?: number }): Promise<string> {
  const doc = await PDFDocument.create();
  const image = await doc.embedPng(await Bun.file(png).arrayBuffer());
  const { width, height } = image.scale(0.5);
  const page = doc.addPage([width, height]);
  const side = Math.sqrt(how.coverage ?? 1);
  page.drawImage(image, { x: 0, y: height * (1 - side), width: width * side, height: height * side });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  if (how.hidden === "invisible") page.pushOperators(setTextRenderingMode(TextRenderingMode.Invisible));
  const lines = text.split("\n").map((line) => line.replace(/[^\x20-\x7e]/g, " ").trim()).filter(Boolean);
  lines.slice(0, Math.floor((height - 20) / 9)).forEach((line, i) => page.drawText(line, { x: 10, y: height - 15 - i * 9, size: 7, font, color: how.hidden === "white" ? rgb(1, 1, 1) : rgb(0, 0, 0) }));
  const path = join(work, name);
  writeFileSync(path, await doc.save());
  return path;
}

/** The kind OCR reads on the page's picture. */
const pictureKind = async (path: string) => classifyText(normaliseText((await readFirstPagePicture(path)) ?? "")).kind;

const recognised = (path: string, documentName: string) =>
  recogniseFile({ path, mimeType: "application/pdf", documentName, rules: recognitionRulesFor(documentName), customerName: null, now: NOW });

describe("a PDF whose text layer says one kind and whose page shows another", () => {
  test("a paystub's picture under a bank statement's invisible text: asked for a paystub, could not tell (not 'this looks like a bank statement')", async () => {
    const path = await pictureUnderText("payslip-under-statement.pdf", SCAN.payslip, await textLayerOf(TEXT_PDF.bankStatement), { hidden: "invisible" });
    // What pdf.js reads is the hidden text alone, and on its own it would warn.
    const read = await readFileText(path, "application/pdf", LATER);
    expect(read).toMatchObject({ pages: 1, ocrPages: 0 });
    expect(recognise({ text: read.text, rules: recognitionRulesFor("Paystub"), documentName: "Paystub", customerName: null, now: NOW }).messages).toEqual([
      "This looks like a bank statement; your broker asked for a paystub",
    ]);
    expect(await pictureKind(path)).toBe("paystub");
    expect(await recognised(path, "Paystub")).toEqual(COULD_NOT_TELL);
  });

  test("the reverse: a bank statement's picture under a paystub's white text: asked for a bank statement, could not tell (not 'this looks like a paystub')", async () => {
    const path = await pictureUnderText("statement-under-payslip.pdf", SCAN.bankStatement, await textLayerOf(TEXT_PDF.payslip), { hidden: "white" });
    const read = await readFileText(path, "application/pdf", LATER);
    expect(recognise({ text: read.text, rules: recognitionRulesFor("Bank Statement"), documentName: "Bank Statement", customerName: null, now: NOW }).messages).toEqual([
      "This looks like a paystub; your broker asked for a bank statement",
    ]);
    expect(await pictureKind(path)).toBe("bank_statement");
    expect(await recognised(path, "Bank Statement")).toEqual(COULD_NOT_TELL);
  });

  test("a bank statement's picture under a paystub's invisible text, asked for a paystub: not 'looks like a paystub' on the broker's row", async () => {
    const path = await pictureUnderText("statement-under-payslip-ok.pdf", SCAN.bankStatement, await textLayerOf(TEXT_PDF.payslip), { hidden: "invisible" });
    const read = await readFileText(path, "application/pdf", LATER);
    // The text layer alone is the paystub that was asked for: nothing to tell the customer, and the row would say "Paystub".
    const paid = new Date("2021-09-10T12:00:00Z"); // ten days after the payslip's pay period: recent enough
    const asked = { rules: recognitionRulesFor("Paystub"), documentName: "Paystub", customerName: null, now: paid };
    expect(recognise({ text: read.text, ...asked })).toMatchObject({ kind: "paystub", verdict: "ok", messages: [] });
    expect(await pictureKind(path)).toBe("bank_statement");
    expect(await recogniseFile({ path, mimeType: "application/pdf", ...asked })).toEqual(COULD_NOT_TELL);
  });

  test("a scanned statement under its own OCR layer (what scanners make) keeps its warning: the picture agrees", async () => {
    const ocrLayer = (await ocrImage(new Uint8Array(await Bun.file(SCAN.bankStatement).arrayBuffer()))).text;
    const path = await pictureUnderText("scan-with-ocr-layer.pdf", SCAN.bankStatement, ocrLayer, { hidden: "invisible" });
    expect(await pictureKind(path)).toBe("bank_statement");
    expect(await recognised(path, "Paystub")).toMatchObject({ kind: "bank_statement", verdict: "warn", messages: ["This looks like a bank statement; your broker asked for a paystub"] });
  });

  test("a picture over a quarter of the page is not the page: the text layer's verdict stands, and nothing is read by OCR", async () => {
    const path = await pictureUnderText("small-picture.pdf", SCAN.payslip, await textLayerOf(TEXT_PDF.bankStatement), { hidden: "invisible", coverage: 0.25 });
    expect(await readFirstPagePicture(path)).toBeNull();
    expect(await recognised(path, "Paystub")).toMatchObject({ kind: "bank_statement", verdict: "warn" });
  });

  test("a text PDF without pictures has no page picture to read", async () => {
    expect(await readFirstPagePicture(TEXT_PDF.bankStatement)).toBeNull();
  });
});

describe("the rule (pure)", () => {
  const rules = recognitionRulesFor("Paystub");
  const warned = recognise({ text: "Statement of account. Opening balance 10.00. Closing balance 12.00. Deposits. Withdrawals. Account number 1234", rules, documentName: "Paystub", customerName: null, now: NOW });

  test("the picture's kind must be the text layer's: another, or none, is could not tell", () => {
    expect(warned.verdict).toBe("warn");
    expect(checkedAgainstPicture(warned, "Bank statement. Opening balance. Closing balance. Deposits. Withdrawals. Account number")).toBe(warned);
    expect(checkedAgainstPicture(warned, "Earnings statement. Gross pay. Net pay. Pay period. Pay date. Federal income tax. Employee")).toEqual(COULD_NOT_TELL);
    expect(checkedAgainstPicture(warned, "")).toEqual(COULD_NOT_TELL);
  });
});
