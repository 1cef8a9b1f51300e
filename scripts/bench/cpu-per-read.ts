// Diagnostic: the server's own CPU per read, in this process, without sockets. The reads of
// reads.ts go through the app's `handle` 50 at a time on a seeded database (1,000 customers), and
// process.cpuUsage() divided by the count is the app's cost: routing, hooks, the session, the
// handler, the Response. What wrk measures on top is Bun's HTTP server, the same for the portal
// and its ceiling. Less noisy than the HTTP runs on a shared machine, so a change is judged here
// first (before/after, alternately, the lowest of several rounds), then by broker-api.ts.
// Run: npx bun scripts/bench/cpu-per-read.ts   (BENCH_ROUNDS=4, BENCH_REQUESTS=20000, BENCH_ONLY=metrics,customer)
import { rmSync } from "node:fs";
import { openMigratedDatabase } from "../../db/database.ts";
import { createApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { buildContext } from "../../src/context.ts";
import { subscribeSideEffects } from "../../src/side-effects.ts";
import { createLogger } from "../../src/lib/log.ts";
import { tempDir } from "../../tests/support/server.ts";
import { readEndpoints } from "./reads.ts";
import { benchEnv, seedBroker } from "./seed.ts";

const rounds = Number(process.env.BENCH_ROUNDS ?? 4);
const requests = Number(process.env.BENCH_REQUESTS ?? 20_000);
const only = process.env.BENCH_ONLY?.split(",");
const IN_FLIGHT = 50;

const dataDir = tempDir("portal-bench-cpu-");
const seeded = await seedBroker(dataDir, 1000);
const config = loadConfig({ ...benchEnv(dataDir), LOG_LEVEL: "warn" });
const db = await openMigratedDatabase(config);
const ctx = subscribeSideEffects(buildContext(config, db, { log: createLogger("warn") }));
await ctx.events.start();
const app = createApp(ctx);

const headersFor = (as: "broker" | "customer" | "guest"): Record<string, string> =>
  as === "broker" ? { authorization: `Bearer ${seeded.token}` } : as === "customer" ? { cookie: `portal_customer=${seeded.customerToken}` } : {};
const endpoints = readEndpoints(seeded).filter((e) => !only || only.some((o) => e.label.includes(o)));

async function read(path: string, headers: Record<string, string>): Promise<void> {
  const res = await app.handle(new Request(`http://127.0.0.1${path}`, { headers }));
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
}

const results = new Map<string, number[]>();
for (let round = 0; round < rounds; round++) {
  for (const e of endpoints) {
    const headers = headersFor(e.as);
    // The whole lists cost ~0.2 ms each: a tenth as many keeps every run about as long.
    const count = e.label === "customers" || e.label === "all-customers" ? requests / 10 : requests;
    for (let i = 0; i < 500; i++) await read(e.path, headers);
    Bun.gc(true);
    const before = process.cpuUsage();
    for (let done = 0; done < count; done += IN_FLIGHT) await Promise.all(Array.from({ length: IN_FLIGHT }, () => read(e.path, headers)));
    const used = process.cpuUsage(before);
    results.set(e.label, [...(results.get(e.label) ?? []), (used.user + used.system) / count]);
  }
}

console.log(`\nCPU per read in-process (µs; ${rounds} rounds, lowest last; Request building and body reading included)\n`);
console.log("| Read | Rounds | Lowest |\n|---|---|---:|");
for (const [label, values] of results) console.log(`| ${label} | ${values.map((v) => v.toFixed(1)).join(" / ")} | ${Math.min(...values).toFixed(1)} |`);
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
