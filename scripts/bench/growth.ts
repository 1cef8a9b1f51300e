// Benchmark: growth. The same reads with 1,000 and with 10,000 customers (10 documents each);
// each read's p99 at 10,000 divided by its p99 at 1,000 (the goal: at most 2×).
// Run: npx bun scripts/bench/growth.ts   (BENCH_SECONDS=5)
import { benchReads, type ReadRun } from "./reads.ts";

export function printGrowth(small: ReadRun, large: ReadRun): void {
  console.log(`\nGrowth, ${small.customers.toLocaleString("en")} → ${large.customers.toLocaleString("en")} customers (idle memory ${small.idleRssMb.toFixed(0)} → ${large.idleRssMb.toFixed(0)} MB)\n`);
  console.log("| Read | p99 small | p99 large | × | Response small → large |\n|---|---:|---:|---:|---|");
  for (const row of small.rows) {
    const other = large.rows.find((r) => r.label === row.label);
    if (!other) continue;
    const factor = other.portal.p99 / row.portal.p99;
    console.log(
      `| ${row.label} | ${row.portal.p99.toFixed(1)} ms | ${other.portal.p99.toFixed(1)} ms | ${factor.toFixed(1)}${factor > 2 ? " (over 2×)" : ""} | ${(row.bytes / 1024).toFixed(1)} → ${(other.bytes / 1024).toFixed(1)} KB |`,
    );
  }
}

if (import.meta.main) {
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const small = await benchReads({ customers: 1000, seconds });
  const large = await benchReads({ customers: 10_000, seconds });
  printGrowth(small, large);
}
