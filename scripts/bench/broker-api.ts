// Benchmark: the broker API with 1,000 customers and 10,000 documents for one broker.
// Dashboard metrics, the customers list and a customer's detail, each at 50 concurrent
// connections for 10 s with wrk (Debian's `wrk`; apt-get install wrk), against the portal running
// as its own process (compiled ./portal if built); then a bare Bun.serve answering the same
// bytes, for the ratio.
// Run: npx bun scripts/bench/broker-api.ts
import { rmSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "../../tests/support/server.ts";
import { seedBroker } from "./seed.ts";
import { startBenchServer } from "./support.ts";

const CONNECTIONS = 50;
const DURATION = process.env.BENCH_SECONDS ?? "10";

interface WrkResult {
  rps: number;
  p50: number;
  p99: number;
  errors: string;
}

const toMs = (value: string) => {
  const n = Number.parseFloat(value);
  return value.endsWith("us") ? n / 1000 : value.endsWith("ms") ? n : n * 1000;
};

async function wrk(url: string, token?: string): Promise<WrkResult> {
  const args = ["wrk", "-t1", `-c${CONNECTIONS}`, `-d${DURATION}s`, "--latency", url];
  if (token) args.push("-H", `Authorization: Bearer ${token}`);
  const proc = Bun.spawn(args, { stdout: "pipe", stderr: "pipe" });
  const out = await new Response(proc.stdout).text();
  await proc.exited;
  const pick = (re: RegExp) => out.match(re)?.[1] ?? "";
  return {
    rps: Number.parseFloat(pick(/Requests\/sec:\s+([\d.]+)/)),
    p50: toMs(pick(/\s50%\s+([\d.]+\w+)/)),
    p99: toMs(pick(/\s99%\s+([\d.]+\w+)/)),
    errors: [pick(/(Non-2xx or 3xx responses: \d+)/), pick(/(Socket errors: [^\n]+)/)].filter(Boolean).join("; ") || "none",
  };
}

const dataDir = tempDir("portal-bench-api-");
console.log("Seeding 1,000 customers with 10 documents each…");
const { token, customerId } = await seedBroker(dataDir, 1000);

const server = await startBenchServer(dataDir);
const { base, port } = server;


const endpoints = ["/api/dashboard/metrics", "/api/customers", `/api/customer/${customerId}`];
const rows: string[] = [];
for (const path of endpoints) {
  const body = await (await fetch(base + path, { headers: { authorization: `Bearer ${token}` } })).text();
  await wrk(base + path, token); // warm-up run, not reported
  const portal = await wrk(base + path, token);

  // The same bytes from a bare Bun.serve in its own process: what the machine does with no app.
  const barePort = port + 1;
  const bare = Bun.spawn(
    [process.execPath, "-e", `const b = await Bun.file(${JSON.stringify(join(dataDir, "bare.json"))}).text(); Bun.serve({ port: ${barePort}, hostname: "127.0.0.1", fetch: () => new Response(b, { headers: { "content-type": "application/json" } }) });`],
    { stdout: "inherit", stderr: "inherit" },
  );
  await Bun.write(join(dataDir, "bare.json"), body);
  await Bun.sleep(500);
  const baseline = await wrk(`http://127.0.0.1:${barePort}/`);
  bare.kill();
  await bare.exited;

  const label = path.replace(customerId, "{id}");
  rows.push(
    `| \`${label}\` | ${(body.length / 1024).toFixed(1)} KB | ${portal.p50.toFixed(2)} ms | ${portal.p99.toFixed(2)} ms | ${portal.rps.toFixed(0)} | ${baseline.rps.toFixed(0)} | ${(portal.rps / baseline.rps).toFixed(2)} | ${portal.errors} |`,
  );
  console.log(rows.at(-1));
}

await server.stop();
rmSync(dataDir, { recursive: true, force: true });

console.log(`\n| Endpoint | Response | Median | p99 | Portal req/s | Bare Bun.serve req/s | Ratio | Errors |
|---|---|---|---|---|---|---|---|
${rows.join("\n")}`);
