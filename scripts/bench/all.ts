// Every performance figure of docs/performance.md from one command:
//   npm run compile && npm run bench      (or: npx bun scripts/bench/all.ts)
// 1. every broker and portal read at 50 connections vs a bare Bun.serve ceiling, 1,000 customers,
//    with the server's idle memory after seeding;  2. writes at 20 concurrent writers;
// 3. 50 concurrent 10 MB uploads vs dd, peak memory;  3b. a broker's reads while customers upload
//    phone photos and encrypted PDFs (checks.ts);  4. growth to 10,000 customers;
// 4b. a workspace of 50 members and 10,000 customers against solo brokers (workspace.ts);
// 5. the web app's first-load JavaScript and Largest Contentful Paint on a throttled phone profile;
// 5b. sealing a signed 20-page PDF (seal.ts);  6. scale-out (scale-out.ts): reads and uploads on PostgreSQL + S3, and reads through a
//    round-robin proxy in front of one instance and of two (needs Debian's postgresql).
// BENCH_SECONDS (default 5) per measurement; BENCH_SKIP=checks,growth,workspace,lcp,scale-out leaves parts out
// (and pg-reads, pg-uploads, two-instances parts of scale-out).
import { join } from "node:path";
import { benchChecks, printChecks } from "./checks.ts";
import { printGrowth } from "./growth.ts";
import { benchReads, formatReadRow, READ_HEADER } from "./reads.ts";
import { benchWrites, printWrites } from "./writes.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const skip = new Set((process.env.BENCH_SKIP ?? "").split(",").filter(Boolean));
const root = join(import.meta.dir, "../..");
const section = (title: string) => console.log(`\n## ${title}\n`);
const run = async (script: string) => {
  const proc = Bun.spawn([process.execPath, join(import.meta.dir, script)], { cwd: root, stdout: "inherit", stderr: "inherit", env: process.env });
  if ((await proc.exited) !== 0) console.log(`(${script} exited with ${proc.exitCode})`);
};

const cpu = (await Bun.file("/proc/cpuinfo").text()).match(/model name\s*:\s*(.+)/)?.[1] ?? "unknown CPU";
console.log(`Machine: ${navigator.hardwareConcurrency} cores, ${cpu}, load average ${(await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ")}`);

section("Reads, 1,000 customers / 10,000 documents, 50 connections");
const small = await benchReads({ customers: 1000, seconds });
console.log(`\nIdle memory after seeding: ${small.idleRssMb.toFixed(0)} MB (after the reads: ${small.afterRssMb.toFixed(0)} MB)\n`);
console.log(READ_HEADER);
for (const row of small.rows) console.log(formatReadRow(row));

if (!skip.has("writes")) {
  section("Writes");
  printWrites(await benchWrites({ seconds }));
}
if (!skip.has("uploads")) {
  section("Uploads, 50 × 10 MB");
  await run("uploads.ts");
}
if (!skip.has("checks")) {
  section("Reads during document checks");
  printChecks(await benchChecks({ seconds: Math.max(seconds, 10) }));
}
if (!skip.has("growth")) {
  section("Growth");
  const large = await benchReads({ customers: 10_000, seconds });
  printGrowth(small, large);
}
if (!skip.has("workspace")) {
  section("Workspaces: 50 members and 10,000 customers against solo brokers");
  await run("workspace.ts");
}
if (!skip.has("scale-out")) {
  section("Scale-out: PostgreSQL + S3, one and two instances");
  await run("scale-out.ts");
}
if (!skip.has("web")) {
  section("Web app: first-load JavaScript");
  await run("../measure-bundle.ts");
}
if (!skip.has("seal")) {
  section("Sealing a signed PDF (20 pages, 10 fields)");
  await run("seal.ts");
}
if (!skip.has("lcp")) {
  section("Web app: Largest Contentful Paint (4× CPU, slow 4G)");
  await run("lcp.ts");
}
