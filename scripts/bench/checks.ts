// Benchmark: what the document checks of one customer's upload do to everybody else. A broker's
// screen reads (the customer's documents, 4 at a time, one after another) are timed alone, then
// while customers upload real files through their links, one after another: an iPhone photo
// (HEIC, 2566 × 3313, converted to JPEG), a phone JPEG that must be turned (EXIF orientation 6),
// and a 30-page PDF its owner restricted with AES-256, as bank statements often are (pdf.js
// derives the key before it opens it). Every file is from tests/files/corpus (public sources).
// The reads' p99 and worst case say whether the checks hold up the rest of the portal.
// Run: npm run compile && npx bun scripts/bench/checks.ts   (BENCH_SECONDS=10, BENCH_UPLOADERS=2)
import { rmSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "../../tests/support/server.ts";
import { seedBroker } from "./seed.ts";
import { startBenchServer } from "./support.ts";

const corpus = join(import.meta.dir, "../../tests/files/corpus");
const FILES = [
  { name: "IMG_5195.HEIC", type: "image/heic", path: "exif-samples--heic_IMG_5195.HEIC" },
  { name: "landscape_6.jpg", type: "image/jpeg", path: "exif-samples--jpg_orientation_landscape_6.jpg" },
  { name: "enc-XI-R6_V5_O_master.pdf", type: "application/pdf", path: "qpdf--enc-XI-R6_V5_O_master.pdf" },
];
const READERS = 4;

export interface ChecksRun {
  uploaders: number;
  alone: Latencies;
  duringUploads: Latencies;
  uploads: { file: string; count: number; p50: number; max: number; statuses: Record<number, number> }[];
}

interface Latencies {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const summary = (times: number[]): Latencies => {
  const sorted = [...times].sort((a, b) => a - b);
  return { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN };
};

export async function benchChecks(options: { seconds: number; uploaders?: number }): Promise<ChecksRun> {
  const uploaders = options.uploaders ?? Number(process.env.BENCH_UPLOADERS ?? 2);
  const dataDir = tempDir("portal-bench-checks-");
  const seeded = await seedBroker(dataDir, 100);
  // The turned JPEG is 600 × 450: under the standard minimum for a legible page, so the minimum
  // is lowered for it to be accepted (it is decoded, turned and encoded either way).
  const server = await startBenchServer(dataDir, { env: { MIN_IMAGE_PIXELS: "400x600" } });
  const auth = { authorization: `Bearer ${seeded.token}` };
  const files = await Promise.all(FILES.map(async (f) => ({ ...f, blob: new Blob([await Bun.file(join(corpus, f.path)).arrayBuffer()], { type: f.type }) })));

  const readFor = async (deadline: number): Promise<number[]> => {
    const times: number[] = [];
    const reader = async () => {
      while (performance.now() < deadline) {
        const started = performance.now();
        const res = await fetch(`${server.base}/api/customer/${seeded.customerId}/documents`, { headers: auth });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`checks bench: the documents read answered ${res.status}`);
        times.push(performance.now() - started);
      }
    };
    await Promise.all(Array.from({ length: READERS }, reader));
    return times;
  };

  // Warm-up: the first of each check loads its library (pdf.js, libheif).
  const uploads = new Map(files.map((f) => [f.name, { times: [] as number[], statuses: {} as Record<number, number> }]));
  let n = 0;
  const uploadOne = async (file: (typeof files)[number], record: boolean) => {
    const i = n++;
    const created = await fetch(`${server.base}/api/customers`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ email: `photo${i}@example.com`, name: `Photo ${i}`, requiredDocuments: [{ name: "Photo ID" }] }),
    });
    if (!created.ok) throw new Error(`checks bench: creating a customer answered ${created.status} ${await created.text()}`);
    const { uploadLink, documents } = await created.json();
    const form = new FormData();
    form.append("file", file.blob, file.name);
    form.append("isGuest", "true");
    const started = performance.now();
    const res = await fetch(`${server.base}/api/upload/${uploadLink}/documents/${documents[0].id}`, { method: "POST", body: form });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`checks bench: uploading ${file.name} answered ${res.status} ${body.slice(0, 200)}`);
    if (!record) return;
    const entry = uploads.get(file.name)!;
    entry.times.push(performance.now() - started);
    entry.statuses[res.status] = (entry.statuses[res.status] ?? 0) + 1;
  };
  let alone: number[], during: number[];
  try {
    for (const file of files) await uploadOne(file, false);
    alone = await readFor(performance.now() + options.seconds * 1000);
    const deadline = performance.now() + options.seconds * 1000;
    const uploader = async (k: number) => {
      for (let j = k; performance.now() < deadline; j++) await uploadOne(files[j % files.length]!, true);
    };
    [during] = await Promise.all([readFor(deadline), ...Array.from({ length: uploaders }, (_, k) => uploader(k))]);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return {
    uploaders,
    alone: summary(alone),
    duringUploads: summary(during),
    uploads: [...uploads].map(([file, { times, statuses }]) => ({ file, ...summary(times), statuses })),
  };
}

export function printChecks(run: ChecksRun): void {
  const row = (label: string, l: Latencies) => `| ${label} | ${l.count} | ${l.p50.toFixed(1)} ms | ${l.p99.toFixed(1)} ms | ${l.max.toFixed(1)} ms |`;
  console.log(`\nA broker's reads (${READERS} at a time) while ${run.uploaders} customers upload photos and PDFs\n`);
  console.log("| Reads | Count | p50 | p99 | Worst |\n|---|---:|---:|---:|---:|");
  console.log(row("alone", run.alone));
  console.log(row("during the uploads", run.duringUploads));
  console.log("\n| Upload | Count | p50 | Worst |\n|---|---:|---:|---:|");
  for (const u of run.uploads) console.log(`| ${u.file} | ${u.count} | ${u.p50.toFixed(0)} ms | ${u.max.toFixed(0)} ms |`);
}

if (import.meta.main) printChecks(await benchChecks({ seconds: Number(process.env.BENCH_SECONDS ?? 10) }));
