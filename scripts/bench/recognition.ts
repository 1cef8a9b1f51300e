// Benchmark: recognition on the labelled corpus of real documents (tests/files/recognition,
// manifest.json; README there). For each file: the kind the rules give at the confidence that
// warns a customer (WARN_CONFIDENCE; below it the portal says nothing), its dates and holder
// against the labels, how long its text took to read (pdf.js, or OCR per page: CPU time, which
// the machine's load does not inflate, and wall time) and the process's memory after it. Then,
// for text PDFs and for photos and scans apart, and for the held-out part apart: a confusion
// matrix, precision and recall per kind, date and holder accuracy, OCR time per page and peak
// memory.
//
// OCR runs here on this thread, as on a reading thread: one page at a time. The engine and model
// load once first (timed apart). Memory is the resident size after each file against the size
// before the engine loaded (the OCR engine's WebAssembly memory grows to its peak and stays, so
// the last figure is the peak).
//
// Run: npm run bench:recognition [-- --split=tune|held_out] [--medium=text_pdf|scan|photo] [--only=<part of a file name>]
// OCR is CPU heavy: on a shared machine run it once, not in a loop.
import { loadavg } from "node:os";
import { ocrImage } from "../../src/features/recognition/ocr.ts";
import { readFileText } from "../../src/features/recognition/read-file.ts";
import { classifyText, WARN_CONFIDENCE } from "../../src/shared/recognition/classify.ts";
import { findDates } from "../../src/shared/recognition/dates.ts";
import { findHolderName, namesMatch } from "../../src/shared/recognition/names.ts";
import { normaliseText } from "../../src/shared/recognition/text.ts";
import { CORPUS, corpusPath, mimeOf, type CorpusFile } from "../../tests/files/recognition-corpus.ts";

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const files = CORPUS.filter((f) => (!arg("split") || f.split === arg("split")) && (!arg("medium") || f.medium === arg("medium")) && (!arg("only") || f.file.includes(arg("only")!)));

interface Result {
  entry: CorpusFile;
  /** The kind at WARN_CONFIDENCE, or null (nothing the portal would say). */
  warned: string | null;
  kind: string | null;
  confidence: number;
  dateRight: boolean | null;
  holderRight: boolean | null;
  ocrPages: number;
  cpuMs: number;
  wallMs: number;
  rssMb: number;
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const NONE = "none";

console.log(`load average ${loadavg().map((l) => l.toFixed(2)).join(" ")} on ${navigator.hardwareConcurrency} cores; ${files.length} files`);
const before = process.memoryUsage().rss;
let started = performance.now();
// A 1 x 1 white PGM: loads the engine and model without reading anything.
await ocrImage(new Uint8Array([...new TextEncoder().encode("P5\n1 1\n255\n"), 255]));
console.log(`engine and English model loaded in ${Math.round(performance.now() - started)} ms, +${mb(process.memoryUsage().rss - before)} MB\n`);

const results: Result[] = [];
for (const entry of files) {
  started = performance.now();
  const cpu = process.cpuUsage();
  const read = await readFileText(corpusPath(entry.file), mimeOf(entry.file), Date.now() + 120_000);
  const wallMs = Math.round(performance.now() - started);
  const { user, system } = process.cpuUsage(cpu);
  const text = normaliseText(read.text);
  const { kind, confidence } = classifyText(text);
  const dates = findDates(text);
  const holder = findHolderName(read.text);
  const r: Result = {
    entry,
    warned: kind && confidence >= WARN_CONFIDENCE ? kind : null,
    kind,
    confidence,
    dateRight: entry.date ? dates.some((d) => d.role === entry.date!.role && d.date === entry.date!.date) : null,
    holderRight: entry.holder ? namesMatch(holder, entry.holder) === true : null,
    ocrPages: read.ocrPages,
    cpuMs: Math.round((user + system) / 1000),
    wallMs,
    rssMb: mb(process.memoryUsage().rss - before),
  };
  results.push(r);
  const right = r.warned === entry.kind ? "ok  " : r.warned === null ? "miss" : "WRONG";
  const facts = [r.dateRight === null ? "" : `date ${r.dateRight ? "right" : "MISSED"}`, r.holderRight === null ? "" : `holder ${r.holderRight ? "right" : `MISSED (${holder ?? "none"})`}`].filter(Boolean).join(", ");
  const how = read.ocrPages > 0 ? `OCR ${read.ocrPages} page(s)` : `text layer, ${read.pages} page(s)`;
  console.log(`${right.padEnd(5)} ${entry.split === "held_out" ? "[held out] " : ""}${entry.file}: ${entry.kind ?? NONE} -> ${kind ?? NONE} (${confidence})${facts ? `; ${facts}` : ""}; ${how}; ${r.cpuMs} ms CPU, ${r.wallMs} ms wall; +${r.rssMb} MB`);
}

const ratio = (n: number, d: number) => (d === 0 ? "n/a" : `${(n / d).toFixed(2)} (${n}/${d})`);
const median = (xs: number[]) => (xs.length === 0 ? 0 : [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!);

function report(title: string, rs: Result[]) {
  if (rs.length === 0) return;
  console.log(`\n== ${title}: ${rs.length} files ==`);
  const labels = [...new Set(rs.flatMap((r) => [r.entry.kind ?? NONE, r.warned ?? NONE]))].sort((a, b) => (a === NONE ? 1 : b === NONE ? -1 : a.localeCompare(b)));
  // Rows: what the file is; columns: what the rules said at the warning confidence.
  const short = (k: string) => k.slice(0, 8);
  console.log(`confusion (rows: labelled, columns: said at confidence >= ${WARN_CONFIDENCE}; ${NONE}: nothing said)`);
  console.log(["".padEnd(15), ...labels.map((l) => short(l).padStart(9))].join(""));
  for (const row of labels) {
    const cells = labels.map((col) => String(rs.filter((r) => (r.entry.kind ?? NONE) === row && (r.warned ?? NONE) === col).length || ".").padStart(9));
    console.log([row.padEnd(15), ...cells].join(""));
  }
  console.log("per kind: precision (right of all it was said of), recall (said of all it is)");
  for (const kind of labels.filter((l) => l !== NONE)) {
    const said = rs.filter((r) => r.warned === kind);
    const is = rs.filter((r) => r.entry.kind === kind);
    console.log(`  ${kind.padEnd(15)} precision ${ratio(said.filter((r) => r.entry.kind === kind).length, said.length).padEnd(14)} recall ${ratio(is.filter((r) => r.warned === kind).length, is.length)}`);
  }
  const said = rs.filter((r) => r.warned !== null);
  const kinded = rs.filter((r) => r.entry.kind !== null);
  console.log(`all kinds: precision ${ratio(said.filter((r) => r.warned === r.entry.kind).length, said.length)}, recall ${ratio(kinded.filter((r) => r.warned === r.entry.kind).length, kinded.length)}; no kind of ours left unsaid ${ratio(rs.filter((r) => r.entry.kind === null && r.warned === null).length, rs.filter((r) => r.entry.kind === null).length)}`);
  const dated = rs.filter((r) => r.dateRight !== null);
  const named = rs.filter((r) => r.holderRight !== null);
  console.log(`dates: the labelled date read with its role ${ratio(dated.filter((r) => r.dateRight).length, dated.length)}; holders: the labelled name read ${ratio(named.filter((r) => r.holderRight).length, named.length)}`);
  const ocr = rs.filter((r) => r.ocrPages > 0);
  const perPage = ocr.map((r) => r.cpuMs / r.ocrPages);
  if (ocr.length > 0) console.log(`OCR CPU per page: median ${Math.round(median(perPage))} ms, max ${Math.round(Math.max(...perPage))} ms (${ocr.reduce((s, r) => s + r.ocrPages, 0)} pages); wall median ${median(ocr.map((r) => r.wallMs))} ms`);
  const layer = rs.filter((r) => r.ocrPages === 0);
  if (layer.length > 0) console.log(`text-layer reads: median ${median(layer.map((r) => r.cpuMs))} ms CPU, max ${Math.max(...layer.map((r) => r.cpuMs))} ms`);
  console.log(`memory: peak +${Math.max(...rs.map((r) => r.rssMb))} MB over the process before the engine loaded`);
}

const text = (rs: Result[]) => rs.filter((r) => r.entry.medium === "text_pdf");
const pictures = (rs: Result[]) => rs.filter((r) => r.entry.medium !== "text_pdf");
report("text PDFs", text(results));
report("photos and scans", pictures(results));
report("photos only", results.filter((r) => r.entry.medium === "photo"));
report("tuned on: text PDFs", text(results.filter((r) => r.entry.split === "tune")));
report("tuned on: photos and scans", pictures(results.filter((r) => r.entry.split === "tune")));
report("held out: text PDFs", text(results.filter((r) => r.entry.split === "held_out")));
report("held out: photos and scans", pictures(results.filter((r) => r.entry.split === "held_out")));
report("everything", results);
