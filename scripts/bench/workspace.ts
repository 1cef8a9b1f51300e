// Benchmark: a brokerage of 50 members and 10,000 customers against solo brokers (issue 40,
// "Performance": every screen's p99 within 2× of a solo broker's). One portal holds a workspace of
// 50 members (visibility "assigned") with 10,000 customers assigned round-robin (200 each), a solo
// broker with one member's pipeline (200 customers) and a solo broker with 10,000
// (seed-workspace.ts). Every read of every broker screen is asked by the owner (sees all 10,000),
// a broker of the workspace (sees their 200) and both solo brokers:
//   1. computed: each read right after a write by another connection (which turns the read
//      cache's version, as any member's write does), one at a time, BENCH_SAMPLES times, the
//      four askers interleaved, first in turn, so that the machine's slow moments fall on all of them;
//   2. polled: wrk at 50 connections for BENCH_SECONDS (mostly the read cache's answers).
// Each asker's p99 (and, computed, p50) is divided by its solo broker's: the owner by the solo
// broker of the same size and by the typical one, the assigned broker by the typical one. On a
// shared 2-core machine a p99 of a few dozen samples is often one stall of the machine: the
// medians show the structure.
// Run: npm run compile && npm run bench:workspace   (BENCH_SAMPLES=100, BENCH_SECONDS=3,
//      BENCH_ONLY=metrics,overview, BENCH_POLLED=0 to leave part 2 out, BENCH_CPU_PROF=dir,
//      BENCH_DATA=dir to seed once and reuse the data on the next run)
import { Database } from "bun:sqlite";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { databaseFileName } from "../../db/client.ts";
import { tempDir } from "../../tests/support/server.ts";
import { seedWorkspaces, type BenchActor, type SeededWorkspaces } from "./seed-workspace.ts";
import { SCREEN_READS, type Read } from "./workspace-reads.ts";
import { rssMb, startBenchServer, wrk } from "./support.ts";

const samples = Number(process.env.BENCH_SAMPLES ?? 100);
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const only = process.env.BENCH_ONLY?.split(",");
const polled = process.env.BENCH_POLLED !== "0";
const READ_TIMEOUT_MS = 60_000;
const MEMBERS = 50;
const CUSTOMERS = 10_000;
const TYPICAL = CUSTOMERS / MEMBERS;

type Asker = keyof SeededWorkspaces;
const ASKERS: { key: Asker; label: string }[] = [
  { key: "owner", label: `owner (sees ${CUSTOMERS.toLocaleString("en")})` },
  { key: "assignedBroker", label: `broker, assigned mode (sees ${TYPICAL})` },
  { key: "soloTypical", label: `solo, ${TYPICAL}` },
  { key: "soloLarge", label: `solo, ${CUSTOMERS.toLocaleString("en")}` },
];

const READS = SCREEN_READS.filter((r) => !only || only.some((o) => r.label.includes(o) || r.screen.toLowerCase().includes(o.toLowerCase())));

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

// BENCH_DATA=dir keeps the seeded data there and uses it again on the next run (for a before/after).
const keptDir = process.env.BENCH_DATA;
const dataDir = keptDir ?? tempDir("portal-bench-workspace-");
const seededFile = Bun.file(join(dataDir, "bench-seeded.json"));
console.log(`Machine: ${navigator.hardwareConcurrency} cores, load average ${(await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ")}`);
let seeded: SeededWorkspaces;
if (await seededFile.exists()) {
  seeded = await seededFile.json();
  console.log(`Using the data seeded in ${dataDir}`);
} else {
  console.log(`Seeding a workspace of ${MEMBERS} members and ${CUSTOMERS.toLocaleString("en")} customers, a solo broker with ${TYPICAL} and one with ${CUSTOMERS.toLocaleString("en")} (10 documents each)…`);
  const seedStarted = performance.now();
  seeded = await seedWorkspaces(dataDir, { members: MEMBERS, customers: CUSTOMERS, typical: TYPICAL });
  await Bun.write(seededFile, JSON.stringify(seeded));
  console.log(`seeded in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`);
}
const server = await startBenchServer(dataDir);
// A read that never answers must not leave the server behind (it is this process's child).
process.on("exit", () => {
  try {
    process.kill(server.pid, "SIGKILL");
  } catch {
    // already stopped
  }
});
await Bun.sleep(1000);
console.log(`idle memory ${rssMb(server.pid).toFixed(0)} MB`);

// The audit's second page starts where each asker's first page ended.
const nextBefore = new Map<BenchActor, number>();
for (const { key: asker } of ASKERS) {
  const res = await fetch(`${server.base}/api/customer/${seeded[asker].customerId}/audit?limit=25`, { headers: { authorization: `Bearer ${seeded[asker].token}` } });
  nextBefore.set(seeded[asker], ((await res.json()) as { nextBefore: number }).nextBefore);
}

const headers = (a: BenchActor) => ({ authorization: `Bearer ${a.token}` });
async function ask(a: BenchActor, path: string): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const res = await fetch(server.base + path, { headers: headers(a), signal: AbortSignal.timeout(READ_TIMEOUT_MS) }).catch((error) => {
    console.log(`${path}: no answer within ${READ_TIMEOUT_MS / 1000} s (${error})`);
    process.exit(1);
  });
  const body = await res.arrayBuffer();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${new TextDecoder().decode(body).slice(0, 200)}`);
  return { ms, bytes: body.byteLength };
}

// Another connection's commit: the server sees the database changed (db/change-counters.ts) and
// computes its next answers afresh, as after any member's write.
const writer = new Database(join(dataDir, databaseFileName));
// Generous: the server's checkpoints of a 300 MB database hold the write lock for seconds on a busy machine.
writer.run("PRAGMA busy_timeout = 120000");
// (A new value each time: an UPDATE writing the same bytes commits nothing, and moves nothing.)
const touch = writer.prepare("UPDATE workspaces SET name = ? WHERE id = ?");
let writes = 0;
const invalidate = () => touch.run(`Solo brokerage ${++writes}`, seeded.soloTypical.memberId);

const bytes = new Map<string, number>();
const key = (r: Read, asker: Asker) => `${r.screen}|${r.label}|${asker}`;
console.log("\nFirst answers (cold), ms:");
for (const r of READS) {
  const times: string[] = [];
  for (const { key: asker } of ASKERS) {
    const first = await ask(seeded[asker], r.path(seeded[asker], nextBefore.get(seeded[asker])));
    bytes.set(key(r, asker), first.bytes);
    times.push(`${asker} ${first.ms.toFixed(0)}`);
  }
  console.log(`  ${r.screen}, ${r.label}: ${times.join(", ")}`);
}

// 1. Computed: after a write, one request at a time.
const computed = new Map<string, number[]>();
const computedStarted = performance.now();
for (let s = 0; s < samples; s++) {
  // Who asks first turns with each sample: the first read after a heavy one (the solo broker's
  // 6.4 MB list of 10,000) pays for its garbage, 3-4 ms in process, whoever asks. In a fixed order
  // that was always the owner's customer page (3.4× the solo broker's with the same SQL work).
  const askers = ASKERS.map((_, k) => ASKERS[(k + s) % ASKERS.length]!);
  for (const r of READS) {
    for (const { key: asker } of askers) {
      invalidate();
      const { ms } = await ask(seeded[asker], r.path(seeded[asker], nextBefore.get(seeded[asker])));
      const k = key(r, asker);
      computed.set(k, [...(computed.get(k) ?? []), ms]);
    }
  }
}
console.log(`computed reads: ${samples} samples each in ${((performance.now() - computedStarted) / 1000).toFixed(0)} s`);

// 2. Polled: 50 connections, the read cache answering all but the first after the clock's turn.
const polledP99 = new Map<string, { p99: number; rps: number; errors: string }>();
if (polled) {
  for (const r of READS) {
    for (const { key: asker } of ASKERS) {
      const url = server.base + r.path(seeded[asker], nextBefore.get(seeded[asker]));
      await wrk(url, { connections: 50, seconds: 1, headers: headers(seeded[asker]) });
      const result = await wrk(url, { connections: 50, seconds, headers: headers(seeded[asker]) });
      polledP99.set(key(r, asker), result);
    }
  }
}
const afterRss = rssMb(server.pid);
writer.close();
await server.stop();
if (!keptDir) rmSync(dataDir, { recursive: true, force: true });

const stats = (k: string) => {
  const sorted = [...computed.get(k)!].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
};
const ratio = (a: number, b: number) => {
  const x = a / b;
  return `${x.toFixed(2)}${x > 2 ? " **over 2×**" : ""}`;
};

console.log(`\nMemory after the reads: ${afterRss.toFixed(0)} MB\n`);
console.log(`### Computed (right after a write, one at a time; ${samples} samples): p50 / p99 in ms\n`);
console.log(`| Screen | Read | ${ASKERS.map((a) => a.label).join(" | ")} | owner ÷ solo ${CUSTOMERS.toLocaleString("en")} | owner ÷ solo ${TYPICAL} | broker ÷ solo ${TYPICAL} |`);
console.log(`|---|---|${ASKERS.map(() => "---:|").join("")}---:|---:|---:|`);
const screenWorst = new Map<string, Map<Asker, number>>();
for (const r of READS) {
  const s = Object.fromEntries(ASKERS.map(({ key: asker }) => [asker, stats(key(r, asker))])) as Record<Asker, { p50: number; p99: number }>;
  const worst = screenWorst.get(r.screen) ?? new Map<Asker, number>();
  for (const { key: asker } of ASKERS) worst.set(asker, Math.max(worst.get(asker) ?? 0, s[asker].p99));
  screenWorst.set(r.screen, worst);
  const cells = ASKERS.map(({ key: asker }) => `${s[asker].p50.toFixed(1)} / ${s[asker].p99.toFixed(1)} (${((bytes.get(key(r, asker)) ?? 0) / 1024).toFixed(1)} KB)`);
  const both = (a: Asker, b: Asker) => `${ratio(s[a].p99, s[b].p99)} (p50 ${ratio(s[a].p50, s[b].p50)})`;
  console.log(`| ${r.screen} | ${r.label} | ${cells.join(" | ")} | ${both("owner", "soloLarge")} | ${both("owner", "soloTypical")} | ${both("assignedBroker", "soloTypical")} |`);
}
console.log(`\n### Each screen: the p99 of its slowest read (the screen asks them together), computed\n`);
console.log(`| Screen | ${ASKERS.map((a) => a.label).join(" | ")} | owner ÷ solo ${CUSTOMERS.toLocaleString("en")} | owner ÷ solo ${TYPICAL} | broker ÷ solo ${TYPICAL} |`);
console.log(`|---|${ASKERS.map(() => "---:|").join("")}---:|---:|---:|`);
for (const [screen, worst] of screenWorst) {
  const w = (a: Asker) => worst.get(a)!;
  console.log(`| ${screen} | ${ASKERS.map(({ key: asker }) => `${w(asker).toFixed(1)} ms`).join(" | ")} | ${ratio(w("owner"), w("soloLarge"))} | ${ratio(w("owner"), w("soloTypical"))} | ${ratio(w("assignedBroker"), w("soloTypical"))} |`);
}
if (polled) {
  console.log(`\n### Polled (wrk, 50 connections, ${seconds} s): p99 in ms (req/s)\n`);
  console.log(`| Screen | Read | ${ASKERS.map((a) => a.label).join(" | ")} | owner ÷ solo ${CUSTOMERS.toLocaleString("en")} | owner ÷ solo ${TYPICAL} | broker ÷ solo ${TYPICAL} |`);
  console.log(`|---|---|${ASKERS.map(() => "---:|").join("")}---:|---:|---:|`);
  for (const r of READS) {
    const p = (a: Asker) => polledP99.get(key(r, a))!;
    const errors = ASKERS.map(({ key: a }) => p(a).errors).filter((e) => e !== "none");
    console.log(
      `| ${r.screen} | ${r.label} | ${ASKERS.map(({ key: a }) => `${p(a).p99.toFixed(1)} (${p(a).rps.toFixed(0)})`).join(" | ")} | ${ratio(p("owner").p99, p("soloLarge").p99)} | ${ratio(p("owner").p99, p("soloTypical").p99)} | ${ratio(p("assignedBroker").p99, p("soloTypical").p99)} |${errors.length ? ` errors: ${errors.join("; ")}` : ""}`,
    );
  }
}
process.exit(0);
