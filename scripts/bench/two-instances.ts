// Reads through a round-robin proxy in front of one portal instance and in front of two, both on
// the same PostgreSQL database (and S3 bucket), seeded as in reads.ts: do reads scale with
// instances? Each read is measured, in the same run, with wrk at 50 connections against
//   1. the proxy in front of a bare Bun.serve answering the same bytes (the proxy's own ceiling),
//   2. the proxy in front of instance A alone,
//   3. the proxy in front of A and B in turn,
// and the ratio two/one is the scaling. Everything (wrk, the proxy, both instances, PostgreSQL)
// shares this machine's cores: see docs/performance.md for what that does to the ratio.
// Needs DATABASE_URL (postgres://…) in this process's environment: scale-out.ts starts a
// throwaway PostgreSQL and s3rver and runs this with them. BENCH_ONLY=auth,customer picks reads.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "../../tests/support/server.ts";
import { CONNECTIONS, readEndpoints } from "./reads.ts";
import { seedBroker } from "./seed.ts";
import { captureAnswer, coresBusy, formatCores, rssMb, startBenchServer, startCeilingServer, startProxy, wrk, type CapturedAnswer, type WrkResult } from "./support.ts";

/** Cheap reads (where the instance's own CPU is the limit) and one large list (bytes). */
const DEFAULT_READS = ["auth user", "customer", "documents", "notifications", "upload-link view (signed in)", "metrics", "all-customers page"];

if (!process.env.DATABASE_URL) throw new Error("two-instances.ts needs DATABASE_URL (run it through scale-out.ts)");
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const customers = Number(process.env.BENCH_CUSTOMERS ?? 1000);
const only = process.env.BENCH_ONLY?.split(",");
/** Where CPU is counted from: scale-out.ts's process, so PostgreSQL and s3rver are included. */
const root = Number(process.env.BENCH_ROOT_PID ?? process.pid);

const seedDir = tempDir("portal-bench-two-");
console.log(`Seeding ${customers.toLocaleString("en")} customers with 10 documents each into PostgreSQL…`);
const seeded = await seedBroker(seedDir, customers);
// Each instance has a data directory of its own (its lock, its uploads in progress); the
// database, the bucket and SESSION_SECRET (from the environment) are shared.
const dirs = [tempDir("portal-bench-a-"), tempDir("portal-bench-b-")];
const [a, b] = await Promise.all([startBenchServer(dirs[0]!), startBenchServer(dirs[1]!)]);

const headersFor = (as: "broker" | "customer" | "guest"): Record<string, string> =>
  as === "broker" ? { authorization: `Bearer ${seeded.token}` } : as === "customer" ? { cookie: `portal_customer=${seeded.customerToken}` } : {};
const endpoints = readEndpoints(seeded).filter((e) => (only ? only.some((o) => e.label.includes(o)) : DEFAULT_READS.includes(e.label)));

// The ceiling's answers, as reads.ts captures them; and a check that B answers as A does.
const answers: Record<string, CapturedAnswer> = {};
const keys = new Map<string, string>();
for (const e of endpoints) {
  const [fromA, fromB] = await Promise.all([a, b].map((s) => fetch(s.base + e.path, { headers: headersFor(e.as) })));
  const answer = await captureAnswer(fromA!);
  if (!fromA!.ok || !fromB!.ok) throw new Error(`${e.label}: ${fromA!.status} / ${fromB!.status} ${answer.body.slice(0, 200)}`);
  await fromB!.text();
  const key = `${e.path}${e.path.includes("?") ? "&" : "?"}as=${e.as}`;
  answers[key] = answer;
  keys.set(e.label, key);
}
const answersFile = join(seedDir, "ceiling.json");
await Bun.write(answersFile, JSON.stringify(answers));
const ceiling = await startCeilingServer(answersFile);

const toCeiling = await startProxy([ceiling.base]);
const toOne = await startProxy([a.base]);
const toTwo = await startProxy([a.base, b.base]);

interface TwoInstanceRow {
  label: string;
  proxyCeiling: WrkResult;
  one: WrkResult;
  two: WrkResult;
  /** Cores each command kept busy during the one- and two-instance runs. */
  oneCores: Map<string, number>;
  twoCores: Map<string, number>;
}

const rows: TwoInstanceRow[] = [];
const load = { connections: CONNECTIONS, seconds };
const header = `| Read | Proxy → bare Bun.serve req/s | Proxy → 1 instance req/s | p99 | Proxy → 2 instances req/s | p99 | Two / one | Errors |
|---|---:|---:|---:|---:|---:|---:|---|`;
const format = (r: TwoInstanceRow) =>
  `| ${r.label} | ${r.proxyCeiling.rps.toFixed(0)} | ${r.one.rps.toFixed(0)} | ${r.one.p99.toFixed(1)} ms | ${r.two.rps.toFixed(0)} | ${r.two.p99.toFixed(1)} ms | **${(r.two.rps / r.one.rps).toFixed(2)}** | ${[r.one.errors, r.two.errors].filter((e) => e !== "none").join("; ") || "none"} |`;
console.log(`\n${header}`);
for (const e of endpoints) {
  const headers = { ...headersFor(e.as) };
  await wrk(toTwo.base + e.path, { ...load, seconds: 1, headers }); // warm-up of both instances, not reported
  const proxyCeiling = await wrk(toCeiling.base + keys.get(e.label)!, { ...load, headers });
  const { result: one, cores: oneCores } = await coresBusy(root, seconds, () => wrk(toOne.base + e.path, { ...load, headers }));
  const { result: two, cores: twoCores } = await coresBusy(root, seconds, () => wrk(toTwo.base + e.path, { ...load, headers }));
  const row = { label: e.label, proxyCeiling, one, two, oneCores, twoCores };
  rows.push(row);
  console.log(format(row));
}
// Where the machine's cores went ("bun" is the proxy; the portal is "portal" when compiled).
const commands = ["portal", "postgres", "bun", "wrk"];
console.log(`\nCores busy during each run (CPU seconds per second; this machine has ${navigator.hardwareConcurrency}):\n`);
console.log("| Read | 1 instance: " + commands.join(", ") + " | 2 instances: " + commands.join(", ") + " |\n|---|---|---|");
for (const r of rows) console.log(`| ${r.label} | ${formatCores(r.oneCores, commands)} (Σ ${sum(r.oneCores)}) | ${formatCores(r.twoCores, commands)} (Σ ${sum(r.twoCores)}) |`);
console.log(`\nInstance memory after the reads: A ${rssMb(a.pid).toFixed(0)} MB, B ${rssMb(b.pid).toFixed(0)} MB`);
const geo = Math.exp(rows.reduce((sum, r) => sum + Math.log(r.two.rps / r.one.rps), 0) / rows.length);
console.log(`Two / one, geometric mean over ${rows.length} reads: ${geo.toFixed(2)}`);

function sum(cores: Map<string, number>): string {
  return [...cores.values()].reduce((a, b) => a + b, 0).toFixed(2);
}

// The proxies first, then the instances once the requests the proxies had in flight have been
// answered (an instance stopped mid-request answers it 500 when its pool has closed).
await Promise.all([toCeiling.stop(), toOne.stop(), toTwo.stop(), ceiling.stop()]);
await Bun.sleep(1000);
await Promise.all([a.stop(), b.stop()]);
for (const dir of [seedDir, ...dirs]) rmSync(dir, { recursive: true, force: true });
process.exit(0);
