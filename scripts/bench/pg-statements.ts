// Diagnostic: how many SQL statements each read sends to PostgreSQL, counted in the server's log
// (log_statement = all for the bench database only) over 200 requests of each read.
// Run: npx bun scripts/bench/pg-statements.ts   (starts its own throwaway PostgreSQL)
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import postgres from "postgres";
import { createTestDatabase } from "../../tests/support/postgres.ts";
import { tempDir } from "../../tests/support/server.ts";
import { readEndpoints } from "./reads.ts";
import type { Seeded } from "./seed.ts";
import { startBenchServer } from "./support.ts";

const REQUESTS = 200;
if (process.argv[2] === "seed") {
  const { seedBroker } = await import("./seed.ts");
  console.log(JSON.stringify(await seedBroker(process.argv[3]!, 50)));
  process.exit(0);
}
const url = await createTestDatabase();
const env = { ...process.env, DATABASE_URL: url, SESSION_SECRET: "one secret for every bench instance, 32+ characters" };
const dir = tempDir("portal-bench-statements-");
const seedOut = Bun.spawnSync([process.execPath, import.meta.path, "seed", dir], { env, stderr: "inherit" }).stdout.toString();
const seeded = JSON.parse(seedOut.trim().split("\n").at(-1)!) as Seeded;
const server = await startBenchServer(dir, { env: { DATABASE_URL: url, SESSION_SECRET: env.SESSION_SECRET } });
const sql = postgres(url, { max: 1, onnotice: () => {} });
const name = new URL(url).pathname.slice(1);
// The log is next to the data directory (tests/support/postgres.ts); new connections of the
// portal pick the setting up, so the portal is restarted below after it is set.
const log = join(dirname((await sql`show data_directory`)[0]!.data_directory as string), "postgres.log");
await sql.unsafe(`alter database ${name} set log_statement = 'all'`);
await server.stop();
const portal = await startBenchServer(dir, { env: { DATABASE_URL: url, SESSION_SECRET: env.SESSION_SECRET } });
const logged = () => (readFileSync(log, "utf8").match(/LOG: {2}(execute|statement)/g) ?? []).length;
console.log("| Read | Statements per request |\n|---|---:|");
for (const e of readEndpoints(seeded)) {
  const headers: Record<string, string> = e.as === "broker" ? { authorization: `Bearer ${seeded.token}` } : e.as === "customer" ? { cookie: `portal_customer=${seeded.customerToken}` } : {};
  await fetch(portal.base + e.path, { headers }).then((r) => r.text());
  await Bun.sleep(200);
  const before = logged();
  for (let i = 0; i < REQUESTS; i++) await fetch(portal.base + e.path, { headers }).then((r) => r.text());
  await Bun.sleep(200);
  const perRequest = (logged() - before) / REQUESTS;
  console.log(`| ${e.label} | ${perRequest.toFixed(2)} |`);
  if (perRequest > 4) {
    // What one such request sends, for the report (BENCH_SHOW_SQL=1).
    const offset = readFileSync(log, "utf8").length;
    await fetch(portal.base + e.path, { headers }).then((r) => r.text());
    await Bun.sleep(200);
    if (process.env.BENCH_SHOW_SQL) console.log(readFileSync(log, "utf8").slice(offset).split("\n").filter((l) => /LOG: {2}(execute|statement)/.test(l)).map((l) => "    " + l.replace(/^.*?LOG: {2}/, "").slice(0, 240)).join("\n"));
  }
}
await sql.end();
await portal.stop();
process.exit(0);
