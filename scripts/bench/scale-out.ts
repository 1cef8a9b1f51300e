// The read and upload benches on PostgreSQL + S3, and reads through a round-robin proxy in front
// of one instance and of two (issue 15). Starts a throwaway PostgreSQL (Debian's `postgresql`,
// tests/support/postgres.ts) and s3rver (npm, tests/support/s3.ts), then runs each part as a
// process of its own with DATABASE_URL, S3_* and one SESSION_SECRET in its environment: the
// table objects are chosen per process (db/tables.ts), so the seeding must happen in a process
// that has DATABASE_URL too. Each part gets a fresh database and bucket.
//   1. pg-reads: broker-api.ts, the same reads, ceiling and table as the SQLite run;
//   2. pg-uploads: uploads.ts, 50 × 10 MB into the bucket vs dd;
//   3. two-instances: two-instances.ts.
// Run: npm run compile && npm run bench:scale-out   (BENCH_SECONDS, BENCH_SKIP=pg-reads,pg-uploads,two-instances)
import { join } from "node:path";
import { createTestDatabase, POSTGRES_MISSING, postgresBinDir, postgresInstalled } from "../../tests/support/postgres.ts";
import { startS3Server } from "../../tests/support/s3.ts";

if (!postgresInstalled) {
  console.log(`scale-out skipped: ${POSTGRES_MISSING}`);
  process.exit(0);
}
if (process.env.DATABASE_URL) throw new Error("scale-out.ts starts its own PostgreSQL: run it without DATABASE_URL");

const seconds = process.env.BENCH_SECONDS ?? "5";
const skip = new Set((process.env.BENCH_SKIP ?? "").split(",").filter(Boolean));
const root = join(import.meta.dir, "../..");
const customers = Number(process.env.BENCH_CUSTOMERS ?? 1000).toLocaleString("en");
const s3 = await startS3Server();

const run = async (title: string, script: string) => {
  console.log(`\n### ${title}\n`);
  const env = {
    ...process.env,
    BENCH_SECONDS: seconds,
    DATABASE_URL: await createTestDatabase(),
    ...s3.env(await s3.createBucket()),
    SESSION_SECRET: "one secret for every bench instance, 32+ characters",
    BENCH_ROOT_PID: String(process.pid), // CPU is counted over this process's tree (PostgreSQL included)
  };
  const proc = Bun.spawn([process.execPath, join(import.meta.dir, script)], { cwd: root, stdout: "inherit", stderr: "inherit", env });
  if ((await proc.exited) !== 0) console.log(`(${script} exited with ${proc.exitCode})`);
};

const pg = (await Bun.$`${join(postgresBinDir()!, "postgres")} --version`.text()).trim();
console.log(`PostgreSQL: ${pg} (throwaway cluster: fsync=off, synchronous_commit=off, full_page_writes=off); storage: s3rver on Node ${(await Bun.$`node --version`.text()).trim()}`);

if (!skip.has("pg-reads")) await run(`Reads on PostgreSQL + S3, ${customers} customers, 50 connections`, "broker-api.ts");
if (!skip.has("pg-uploads")) await run("Uploads on PostgreSQL + S3, 50 × 10 MB", "uploads.ts");
if (!skip.has("two-instances")) await run("Reads through a round-robin proxy: one instance vs two, PostgreSQL + S3", "two-instances.ts");

await s3.stop();
process.exit(0); // the PostgreSQL cluster's supervisor removes it once this process is gone

