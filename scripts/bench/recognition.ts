// Benchmark: recognition on the real documents of tests/files/recognition (README there): for
// each, the kind expected and the kind found, how long its text took to read (pdf.js, or OCR per
// page) and the process's memory after it. OCR runs here on this thread, as on a reading thread:
// one page at a time. The engine and model load once first (timed apart). Memory is the resident
// size after each file (the OCR engine's WebAssembly memory grows to its peak and stays), against
// the size before the engine loaded.
// Run: npx bun scripts/bench/recognition.ts
import { loadavg } from "node:os";
import { join } from "node:path";
import { ocrImage } from "../../src/features/recognition/ocr.ts";
import { readFileText } from "../../src/features/recognition/read-file.ts";
import { classifyText } from "../../src/shared/recognition/classify.ts";
import type { DocumentKind } from "../../src/shared/recognition/kinds.ts";
import { normaliseText } from "../../src/shared/recognition/text.ts";

const dir = join(import.meta.dir, "../../tests/files/recognition");
const EXPECTED: [string, DocumentKind | null][] = [
  ["Siegric-test--f1040.pdf", "tax_return"],
  ["rokasauras-FinCheck--statement_sample_unaltered.pdf", "bank_statement"],
  ["Sachin-kalaiselvan-financial-document-analyzer--sample_bank_statement.pdf", "bank_statement"],
  ["rokasauras-FinCheck--sample_bank_statement_png.pdf", "bank_statement"],
  ["Atticusdion-Helloworld--Extractor_PaySlip1.pdf", "paystub"],
  ["Atticusdion-Helloworld--Extractor_W2.jpg", "w2"],
  ["naptha-tesseract.js--tests_assets_images_bill.png", "bank_statement"],
  ["mindee-client-lib-test-data--v1_products_us_driver_license_default_sample.jpg", "photo_id"],
  ["mindee-client-lib-test-data--v1_products_passport_default_sample.jpg", "photo_id"],
  ["mindee-client-lib-test-data--v1_products_proof_of_address_default_sample.jpg", "utility_bill"],
  ["mindee-client-lib-test-data--v1_products_resume_default_sample.jpg", null],
  ["mindee-client-lib-test-data--v1_products_expense_receipts_us_receipt.jpg", null],
  ["mindee-client-lib-test-data--v1_products_us_healthcare_cards_default_sample.jpg", null],
  ["naptha-tesseract.js--tests_assets_images_testocr.png", null],
];
const mimeOf = (name: string) => (name.endsWith(".pdf") ? "application/pdf" : name.endsWith(".png") ? "image/png" : "image/jpeg");
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

console.log(`load average ${loadavg().map((l) => l.toFixed(2)).join(" ")} on ${navigator.hardwareConcurrency} cores`);
const before = process.memoryUsage().rss;
let started = performance.now();
// A 1 x 1 white PGM: loads the engine and model without reading anything.
await ocrImage(new Uint8Array([...new TextEncoder().encode("P5\n1 1\n255\n"), 255]));
console.log(`engine and English model loaded in ${Math.round(performance.now() - started)} ms, +${mb(process.memoryUsage().rss - before)} MB`);

let right = 0;
for (const [name, expected] of EXPECTED) {
  started = performance.now();
  const cpu = process.cpuUsage();
  const read = await readFileText(join(dir, name), mimeOf(name), Date.now() + 120_000);
  const ms = Math.round(performance.now() - started);
  // CPU time is what the machine's load does not inflate (wall time is shown too).
  const { user, system } = process.cpuUsage(cpu);
  const cpuMs = Math.round((user + system) / 1000);
  const { kind, confidence } = classifyText(normaliseText(read.text));
  if (kind === expected) right++;
  const how = read.ocrPages > 0 ? `OCR ${read.ocrPages} page(s)` : `text layer, ${read.pages} page(s)`;
  console.log(`${kind === expected ? "ok  " : "MISS"} ${name}: expected ${expected ?? "unknown"}, found ${kind ?? "unknown"} (${confidence}); ${how}; ${cpuMs} ms CPU, ${ms} ms wall; +${mb(process.memoryUsage().rss - before)} MB`);
}
console.log(`${right} of ${EXPECTED.length} right`);
