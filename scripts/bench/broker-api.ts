// Benchmark: every broker and portal read with 1,000 customers and 10,000 documents for one
// broker, each at 50 connections with wrk (Debian's `wrk`; apt-get install wrk) against the
// portal running as its own process (compiled ./portal if built), and against a bare Bun.serve
// answering the same bytes in the same run (the ceiling).
// Run: npx bun scripts/bench/broker-api.ts   (BENCH_SECONDS=10, BENCH_CUSTOMERS=1000, BENCH_ONLY=metrics,customer)
import { benchReads, formatReadRow, READ_HEADER } from "./reads.ts";

const run = await benchReads({
  customers: Number(process.env.BENCH_CUSTOMERS ?? 1000),
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  only: process.env.BENCH_ONLY?.split(","),
});
console.log(`\nServer memory: ${run.idleRssMb.toFixed(0)} MB idle after seeding, ${run.afterRssMb.toFixed(0)} MB after the reads\n`);
console.log(READ_HEADER);
for (const row of run.rows) console.log(formatReadRow(row));
if (run.rows.some((row) => row.cores)) {
  const commands = ["portal", "postgres", "wrk"];
  console.log(`\nCores busy during the portal's runs (CPU seconds per second; ${navigator.hardwareConcurrency} on this machine):\n`);
  console.log(`| Read | ${commands.join(" | ")} |\n|---|${commands.map(() => "---:|").join("")}`);
  for (const row of run.rows) console.log(`| ${row.label} | ${commands.map((c) => (row.cores?.get(c) ?? 0).toFixed(2)).join(" | ")} |`);
}
process.exit(0); // on PostgreSQL (scale-out.ts), nothing left open keeps the process alive
