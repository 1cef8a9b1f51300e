// Benchmark: sealing one signed document (issue 41's bar: a 20-page PDF with 10 fields under 1 s of
// server CPU, peak memory under +50 MB). The PDF is 20 pages of real producers' pages
// (tests/files/corpus: TCPDF, Acrobat with a rotated and cropped page, Word, OpenOffice), with 10
// fields (signatures, text, a date, a checkbox) for two signers, one typed and one drawn.
// Two ways: on the calling thread (sealPdf itself), and as the server seals, on a work thread
// (seal-threads.ts). CPU is the process's user + system time around each seal (every thread's);
// memory is the rise of the process's peak RSS during the first seal (which also loads the
// signing libraries, and on a thread starts it) and during the measured ones after it. On a
// thread, the server's own thread is probed every 5 ms: its longest wait is how long a request
// arriving during a seal could be held.
// Run: npx bun scripts/bench/seal.ts   (BENCH_SEALS=10; BENCH_SEAL_ON=thread, the default, or caller:
// one way per run, so each one's peak memory is its own)
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { PDFDocument } from "pdf-lib";
import { sealingCertificate } from "../../src/features/signatures/certificate-key.ts";
import { sealPdf, type Sealed, type SealInput } from "../../src/features/signatures/seal.ts";
import { sealOnThread } from "../../src/features/signatures/seal-threads.ts";
import type { FieldValues, SignatureField } from "../../src/shared/signatures.ts";
import { realPng } from "../../tests/files/samples.ts";
import { tempDir } from "../../tests/support/server.ts";

const corpus = join(import.meta.dir, "../../tests/files/corpus");
const SOURCES = ["pdfjs--alphatrans.pdf", "pdfjs--issue16278.pdf", "pdfjs--pr20043.pdf", "pdfjs--sizes.pdf"];
const seals = Number(process.env.BENCH_SEALS ?? 10);

async function twentyPages(): Promise<Uint8Array> {
  const out = await PDFDocument.create();
  const sources = await Promise.all(SOURCES.map(async (f) => PDFDocument.load(readFileSync(join(corpus, f)))));
  for (let i = 0; out.getPageCount() < 20; i++) {
    const source = sources[i % sources.length]!;
    for (const page of await out.copyPages(source, source.getPageIndices())) if (out.getPageCount() < 20) out.addPage(page);
  }
  return out.save();
}

const dir = tempDir("portal-bench-seal-");
try {
  const original = await twentyPages();
  const certificate = sealingCertificate({ configured: null, dataDir: dir, commonName: "Bench Portal" });
  const fields: SignatureField[] = Array.from({ length: 10 }, (_, i) => ({
    type: (["signature", "text", "date", "checkbox", "name"] as const)[i % 5]!,
    page: 1 + i * 2,
    x: 0.1,
    y: 0.1 + (i % 4) * 0.2,
    width: i % 5 === 3 ? 0.04 : 0.35,
    height: 0.05,
    signer: i % 2,
    required: true,
  }));
  // Every signer needs a signature field: field 0 is signer 0's; give signer 1 field 5.
  fields[5] = { ...fields[5]!, type: "signature" };
  const values = (signer: number): FieldValues => {
    const out: FieldValues = {};
    fields.forEach((f, i) => {
      if (f.signer === signer && f.type === "text") out[String(i)] = `Value ${i}`;
      if (f.signer === signer && f.type === "checkbox") out[String(i)] = true;
    });
    return out;
  };
  const at = new Date();
  const input: SealInput = {
    original,
    documentName: "Bench 20 pages.pdf",
    fields,
    signers: [
      { name: "Ada Lovelace", email: "ada@example.com", ip: "203.0.113.7", userAgent: "Mozilla/5.0", consentedAt: at, viewedAt: at, signedAt: at, signature: { type: "typed", text: "Ada Lovelace" }, values: values(0) },
      { name: "Grace Hopper", email: "grace@example.com", ip: "203.0.113.8", userAgent: "Mozilla/5.0", consentedAt: at, viewedAt: at, signedAt: at, signature: { type: "drawn", png: realPng(600, 200) }, values: values(1) },
    ],
    auditEntryIds: Array.from({ length: 12 }, (_, i) => `aud_${i}`),
    certificate,
    sealedAt: at,
  };
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const median = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)]!;
  const onThread = async (): Promise<Sealed> => {
    const { certificate: _c, ...rest } = input;
    const answer = await sealOnThread({ certificate: { configured: null, dataDir: dir, commonName: "Bench Portal" }, input: rest });
    if (!answer.ok) throw new Error(answer.message);
    return answer.sealed;
  };
  console.log(`Sealing a ${original.length.toLocaleString("en")}-byte, 20-page PDF with 10 fields for 2 signers (${seals} seals after one warm-up):`);
  const ways = { thread: ["on a work thread (as the server seals)", onThread], caller: ["on the calling thread", () => sealPdf(input)] } as const;
  const way = ways[(process.env.BENCH_SEAL_ON ?? "thread") as keyof typeof ways];
  if (!way) throw new Error("BENCH_SEAL_ON is thread or caller");
  {
    const [how, seal] = way;
    const peakBeforeFirst = process.resourceUsage().maxRSS / 1024;
    await seal(); // warm-up: the first seal compiles the code paths
    const peakFirst = process.resourceUsage().maxRSS / 1024 - peakBeforeFirst;
    const peakBefore = process.resourceUsage().maxRSS / 1024;
    const cpuMs: number[] = [];
    const wallMs: number[] = [];
    const stallMs: number[] = [];
    let size = 0;
    for (let i = 0; i < seals; i++) {
      Bun.gc(true); // untimed: each seal's peak is its own, not the garbage of the ones before
      let last = performance.now();
      let stall = 0;
      const probe = setInterval(() => {
        const now = performance.now();
        stall = Math.max(stall, now - last - 5);
        last = now;
      }, 5);
      const cpu = process.cpuUsage();
      const started = performance.now();
      size = (await seal()).pdf.length;
      wallMs.push(performance.now() - started);
      const used = process.cpuUsage(cpu);
      clearInterval(probe);
      stallMs.push(Math.max(stall, performance.now() - last - 5));
      cpuMs.push((used.user + used.system) / 1000);
    }
    const peakRise = process.resourceUsage().maxRSS / 1024 - peakBefore;
    console.log(`${how} (sealed file ${size.toLocaleString("en")} bytes):`);
    console.log(`  CPU per seal (all threads): median ${median(cpuMs).toFixed(0)} ms, worst ${Math.max(...cpuMs).toFixed(0)} ms`);
    console.log(`  wall per seal: median ${median(wallMs).toFixed(0)} ms, worst ${Math.max(...wallMs).toFixed(0)} ms`);
    console.log(`  the calling thread's longest wait during a seal: median ${median(stallMs).toFixed(0)} ms, worst ${Math.max(...stallMs).toFixed(0)} ms`);
    console.log(`  peak RSS rise: first seal ${peakFirst.toFixed(1)} MB; the next ${seals}, over the peak after the first: ${peakRise.toFixed(1)} MB; in all ${(peakFirst + peakRise).toFixed(1)} MB`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
