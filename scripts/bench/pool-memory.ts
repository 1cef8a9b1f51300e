// Peak memory of the check and reading threads together (issue 42 gap d): what a busy moment
// holds when customers' photos are converted while recognition reads others. Runs in this
// process (the threads' memory is this process's RSS): 2 iPhone photos converted and 2 scans and
// 2 photos read by OCR, all at once, RSS sampled every 20 ms. Prints the peak above the start and
// how many threads ran. Usage: bun scripts/bench/pool-memory.ts
import { copyFileSync } from "node:fs";
import { join } from "node:path";
import { checkThreadCount, prepareImageOnThread } from "../../src/features/document-checks/check-workers.ts";
import { CHECK_THREADS } from "../../src/features/document-checks/limiter.ts";
import { readOnThread } from "../../src/features/recognition/read-threads.ts";
import { tempDir } from "../../tests/support/server.ts";

const root = join(import.meta.dir, "..", "..", "tests", "files");
const HEIC = join(root, "corpus", "exif-samples--heic_IMG_5195.HEIC");
const SCAN = join(root, "recognition", "rokasauras-FinCheck--sample_bank_statement_png.pdf");
const PHOTO = join(root, "recognition", "mindee-client-lib-test-data--v1_products_us_driver_license_default_sample.jpg");

const copyOf = (file: string) => {
  const copy = join(tempDir("pool-memory-"), "upload");
  copyFileSync(file, copy);
  return copy;
};

const start = process.memoryUsage().rss;
let peak = start;
let threads = 0;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
  threads = Math.max(threads, checkThreadCount());
}, 20);
const began = performance.now();
await Promise.all([
  prepareImageOnThread(copyOf(HEIC), "image/heic", 120_000),
  prepareImageOnThread(copyOf(HEIC), "image/heic", 120_000),
  readOnThread({ path: SCAN, mimeType: "application/pdf", budgetMs: 60_000 }, 120_000),
  readOnThread({ path: PHOTO, mimeType: "image/jpeg", budgetMs: 60_000 }, 120_000),
  readOnThread({ path: SCAN, mimeType: "application/pdf", budgetMs: 60_000 }, 120_000),
  readOnThread({ path: PHOTO, mimeType: "image/jpeg", budgetMs: 60_000 }, 120_000),
]);
clearInterval(sampler);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
console.log(`CHECK_THREADS ${CHECK_THREADS}; check threads seen ${threads}; all done in ${((performance.now() - began) / 1000).toFixed(1)} s`);
console.log(`RSS at start ${mb(start)}, peak ${mb(peak)}: +${mb(peak - start)}`);
process.exit(0);
