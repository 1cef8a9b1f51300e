// Benchmark: writes under contention. 20 concurrent writers against the portal (its own process),
// each repeating: create a customer with 10 documents, upload one of them through the customer's
// link (a 50 KB PDF), verify it, and move the other 9 due dates at once (bulk due date). Reports p50/p99
// per write and how many failed; SQLITE_BUSY is counted in the server's log (a 500 would log it).
// One round per writer runs first and is reported apart (the check thread starts in it); the
// table is the steady state after it.
// Run: npx bun scripts/bench/writes.ts   (BENCH_WRITERS=20, BENCH_SECONDS=10)
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "../../tests/support/server.ts";
import { STANDARD_DOCUMENTS } from "../../src/shared/documents.ts";
import { realPdfOfSize } from "../../tests/files/samples.ts";
import { seedBroker } from "./seed.ts";
import { startBenchServer } from "./support.ts";

export const WRITERS = Number(process.env.BENCH_WRITERS ?? 20);

export interface WriteRun {
  writers: number;
  rows: { write: string; count: number; p50: number; p99: number; failed: number }[];
  /** The slowest of each write in the first round, before the table's (the check thread starting, code not yet compiled). */
  firstRoundSlowestMs: Record<string, number>;
  sqliteBusy: number;
  statuses: Record<string, number>;
  /** CPU the portal process spent per write (ms): steadier than latency on a shared machine. */
  serverCpuMsPerWrite: number;
  /** CPU this process (the load generator) spent per write (ms), on the same cores. */
  clientCpuMsPerWrite: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

export async function benchWrites(options: { seconds: number; customers?: number; writers?: number }): Promise<WriteRun> {
  const writers = options.writers ?? WRITERS;
  const dataDir = tempDir("portal-bench-writes-");
  const seeded = await seedBroker(dataDir, options.customers ?? 1000);
  const logFile = join(dataDir, "server.log");
  const server = await startBenchServer(dataDir, { logFile });
  const auth = { authorization: `Bearer ${seeded.token}`, "content-type": "application/json" };
  // A real one-page PDF of 50 KB: every upload is opened by pdf.js (the document checks), so a
  // fake one ("%PDF-1.4" and zeros) is refused with 400 and the bench would time refusals.
  const file = new Blob([realPdfOfSize(50_000)], { type: "application/pdf" });

  const writeNames = ["create customer (10 documents)", "upload", "verify", "bulk due date"];
  const noTimes = (): Record<string, number[]> => Object.fromEntries(writeNames.map((w) => [w, []]));
  // The first round is timed apart (see below); the table is the steady state after it.
  const firstRound = noTimes();
  const steady = noTimes();
  let times = firstRound;
  const failed: Record<string, number> = {};
  const statuses: Record<string, number> = {};
  // The first refusal of each write is printed with its answer, so a bench that times errors
  // says so at once (and benchWrites throws at the end, below).
  const firstFailure: Record<string, string> = {};
  const timed = async (write: string, request: () => Promise<Response>) => {
    const started = performance.now();
    const res = await request();
    const body = await res.text();
    times[write]!.push(performance.now() - started);
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    if (!res.ok) {
      failed[write] = (failed[write] ?? 0) + 1;
      if (!firstFailure[write]) {
        firstFailure[write] = `${res.status} ${body.slice(0, 300)}`;
        console.error(`writes bench: ${write} FAILED: ${firstFailure[write]}`);
      }
      return null;
    }
    return JSON.parse(body);
  };

  const due = () => new Date(Date.now() + 7 * 86_400_000).toISOString();
  let n = 0;
  const cycle = async () => {
    const i = n++;
    const created = await timed("create customer (10 documents)", () =>
      fetch(`${server.base}/api/customers`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify({ email: `writer${i}@example.com`, name: `Writer ${i}`, dueDate: due(), requiredDocuments: STANDARD_DOCUMENTS.map((d) => ({ name: d.name })) }),
      }),
    );
    if (!created) return;
    const doc = created.documents[0];
    const form = new FormData();
    form.append("file", file, "statement.pdf");
    form.append("isGuest", "true");
    const uploaded = await timed("upload", () => fetch(`${server.base}/api/upload/${created.uploadLink}/documents/${doc.id}`, { method: "POST", body: form }));
    if (uploaded) {
      await timed("verify", () =>
        fetch(`${server.base}/api/documents/${doc.id}/verify`, { method: "POST", headers: auth, body: JSON.stringify({ status: "approved" }) }),
      );
    }
    await timed("bulk due date", () =>
      fetch(`${server.base}/api/documents/bulk-due-date`, {
        method: "PUT",
        headers: auth,
        // The nine still waiting (a reviewed document keeps its date).
        body: JSON.stringify({ documentIds: created.documents.slice(1).map((d: { id: string }) => d.id), dueDate: due() }),
      }),
    );
  };
  // First, one round per writer, timed apart: its uploads wait for the check thread to start and
  // load pdf.js (as the first upload after 30 s without any does), and the server's code is not
  // compiled yet. The table is the steady state that follows.
  await Promise.all(Array.from({ length: writers }, cycle));
  times = steady;
  let deadline = 0;
  const writer = async () => {
    while (performance.now() < deadline) await cycle();
  };
  // User + system CPU of one process (/proc/<pid>/stat fields 14 and 15, in 1/100 s).
  const cpuSeconds = (pid: number) => {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  };
  const cpu = () => ({ portal: cpuSeconds(server.pid), client: cpuSeconds(process.pid) });
  const cpuBefore = cpu();
  deadline = performance.now() + options.seconds * 1000;
  await Promise.all(Array.from({ length: writers }, writer));
  const cpuAfter = cpu();
  await server.stop();
  const log = readFileSync(logFile, "utf8");
  const sqliteBusy = (log.match(/SQLITE_BUSY|database is locked/g) ?? []).length;
  rmSync(dataDir, { recursive: true, force: true });
  const rows = Object.entries(steady).map(([write, list]) => {
    const sorted = [...list].sort((a, b) => a - b);
    return { write, count: list.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), failed: failed[write] ?? 0 };
  });
  const writes = rows.reduce((n, r) => n + r.count, 0);
  const run = {
    writers,
    rows,
    firstRoundSlowestMs: Object.fromEntries(writeNames.map((w) => [w, Math.max(...firstRound[w]!)])),
    sqliteBusy,
    statuses,
    serverCpuMsPerWrite: ((cpuAfter.portal - cpuBefore.portal) * 1000) / writes,
    clientCpuMsPerWrite: ((cpuAfter.client - cpuBefore.client) * 1000) / writes,
  };
  // A run in which any write failed measures the wrong thing: print what it got, then fail.
  if (rows.some((r) => r.failed > 0) || sqliteBusy > 0) {
    printWrites(run);
    throw new Error(`writes bench: ${rows.filter((r) => r.failed).map((r) => `${r.failed} × ${r.write}`).join(", ") || "no failed writes"}, SQLITE_BUSY ${sqliteBusy}; first failures: ${JSON.stringify(firstFailure)}`);
  }
  return run;
}

export function printWrites(run: WriteRun): void {
  console.log(`\nWrites, ${run.writers} concurrent writers (statuses ${JSON.stringify(run.statuses)}; SQLITE_BUSY in the server log: ${run.sqliteBusy})\n`);
  console.log("| Write | Count | p50 | p99 | Failed |\n|---|---:|---:|---:|---:|");
  for (const r of run.rows) console.log(`| ${r.write} | ${r.count} | ${r.p50.toFixed(1)} ms | ${r.p99.toFixed(1)} ms | ${r.failed} |`);
  const first = Object.entries(run.firstRoundSlowestMs).map(([write, ms]) => `${write} ${ms.toFixed(0)} ms`).join(", ");
  console.log(`\nFirst round (one write of each per writer, before the table; its uploads wait for the check thread to start), slowest: ${first}`);
  console.log(`\nCPU per write: portal ${run.serverCpuMsPerWrite.toFixed(2)} ms, load generator ${run.clientCpuMsPerWrite.toFixed(2)} ms (both on this machine's cores)`);
}

if (import.meta.main) printWrites(await benchWrites({ seconds: Number(process.env.BENCH_SECONDS ?? 10) }));
