// The work behind the workspace bench's reads (workspace.ts), counted instead of timed: on a
// shared machine a read's milliseconds are mostly its neighbours', while the rows SQLite reads for
// it are its own. Each read of workspace-reads.ts goes through the app in this process (no socket)
// for the four askers, once, and every SELECT it ran is run again with the same parameters in
// Debian's libsqlite3 (through bun:ffi: Bun's own SQLite has no counters to ask), which counts
// its virtual-machine steps (sqlite3_stmt_status) and the pages it touched (page-cache hits and
// misses, sqlite3_db_status). Those counts are of the system SQLite's plan; Bun's SQLite is newer,
// so both are asked for the plan and a statement whose plans differ (beyond their wording) is
// flagged. Sessions and memberships are left out: every asker's are the same. A "–" is a read
// that ran no SELECT of its own.
// For a before/after: run it from each commit's tree on its own copy of the seeded data (the app
// migrates the copy to its schema), e.g. after `git worktree add /tmp/before <commit>`.
// Run: BENCH_DATA=dir npx bun scripts/bench/workspace-work.ts   (dir seeded by workspace.ts's
//      BENCH_DATA; BENCH_ONLY=metrics,page as in workspace.ts; needs Debian's libsqlite3-0)
import { Database } from "bun:sqlite";
import { dlopen, FFIType, ptr, type Pointer } from "bun:ffi";
import { join } from "node:path";
import { databaseFileName, sqliteWriterClient } from "../../db/client.ts";
import { openMigratedDatabase } from "../../db/database.ts";
import { createApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { buildContext } from "../../src/context.ts";
import { createLogger } from "../../src/lib/log.ts";
import type { SeededWorkspaces } from "./seed-workspace.ts";
import { SCREEN_READS } from "./workspace-reads.ts";

const SYSTEM_SQLITE = "/usr/lib/x86_64-linux-gnu/libsqlite3.so.0";
const dataDir = process.env.BENCH_DATA;
if (!dataDir) throw new Error("BENCH_DATA=dir: the data workspace.ts seeded (a copy of it: the app migrates it)");
const only = process.env.BENCH_ONLY?.split(",");
const reads = SCREEN_READS.filter((r) => !only || only.some((o) => r.label.includes(o) || r.screen.toLowerCase().includes(o.toLowerCase())));
const seeded = (await Bun.file(join(dataDir, "bench-seeded.json")).json()) as SeededWorkspaces;
const askers = Object.keys(seeded) as (keyof SeededWorkspaces)[];

// 1. The statements each read runs, with their parameters, through the app in this process.
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "warn" });
const db = await openMigratedDatabase(config);
const app = createApp(buildContext(config, db, { log: createLogger("warn") }));
let reading: string | null = null;
const ran: { read: string; text: string; params: unknown[] }[] = [];
for (const client of [db.$client, sqliteWriterClient(db)]) {
  for (const method of ["prepare", "query"] as const) {
    const original = client[method].bind(client);
    client[method] = ((text: string) => {
      const statement = original(text);
      for (const run of ["all", "get", "values", "run"] as const) {
        const call = statement[run].bind(statement) as (...args: unknown[]) => unknown;
        (statement as unknown as Record<string, unknown>)[run] = (...args: unknown[]) => {
          if (reading) ran.push({ read: reading, text, params: Array.isArray(args[0]) ? args[0] : args });
          return call(...args);
        };
      }
      return statement;
    }) as typeof client.prepare;
  }
}
// Another connection's commit before each read, as in workspace.ts, so that it is computed, not
// the read cache's (the cache asks for the database's version once per event-loop turn).
const writer = new Database(join(dataDir, databaseFileName));
const touch = writer.prepare("UPDATE workspaces SET name = ? WHERE id = ?");
let writes = 0;
const ask = async (asker: keyof SeededWorkspaces, path: string) => {
  touch.run(`Solo brokerage ${++writes}`, seeded.soloTypical.memberId);
  await new Promise((resolve) => setImmediate(resolve));
  const res = await app.handle(new Request(`http://127.0.0.1${path}`, { headers: { authorization: `Bearer ${seeded[asker].token}` } }));
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.slice(0, 200)}`);
  return body;
};
for (const asker of askers) {
  const nextBefore = (JSON.parse(await ask(asker, `/api/customer/${seeded[asker].customerId}/audit?limit=25`)) as { nextBefore: number }).nextBefore;
  for (const r of reads) {
    reading = `${r.screen}: ${r.label}|${asker}`;
    await ask(asker, r.path(seeded[asker], nextBefore));
    reading = null;
  }
}

// 2. Each SELECT again in the system's SQLite, counted.
const lib = dlopen(SYSTEM_SQLITE, {
  sqlite3_open_v2: { args: [FFIType.cstring, FFIType.ptr, FFIType.i32, FFIType.ptr], returns: FFIType.i32 },
  sqlite3_prepare_v2: { args: [FFIType.ptr, FFIType.cstring, FFIType.i32, FFIType.ptr, FFIType.ptr], returns: FFIType.i32 },
  sqlite3_bind_text: { args: [FFIType.ptr, FFIType.i32, FFIType.ptr, FFIType.i32, FFIType.i64], returns: FFIType.i32 },
  sqlite3_bind_int64: { args: [FFIType.ptr, FFIType.i32, FFIType.i64], returns: FFIType.i32 },
  sqlite3_bind_double: { args: [FFIType.ptr, FFIType.i32, FFIType.f64], returns: FFIType.i32 },
  sqlite3_bind_null: { args: [FFIType.ptr, FFIType.i32], returns: FFIType.i32 },
  sqlite3_step: { args: [FFIType.ptr], returns: FFIType.i32 },
  sqlite3_column_text: { args: [FFIType.ptr, FFIType.i32], returns: FFIType.cstring },
  sqlite3_finalize: { args: [FFIType.ptr], returns: FFIType.i32 },
  sqlite3_stmt_status: { args: [FFIType.ptr, FFIType.i32, FFIType.i32], returns: FFIType.i32 },
  sqlite3_db_status: { args: [FFIType.ptr, FFIType.i32, FFIType.ptr, FFIType.ptr, FFIType.i32], returns: FFIType.i32 },
  sqlite3_errmsg: { args: [FFIType.ptr], returns: FFIType.cstring },
}).symbols;
const SQLITE_OPEN_READONLY = 1, SQLITE_ROW = 100, SQLITE_DONE = 101, SQLITE_TRANSIENT = -1n;
const STMTSTATUS_VM_STEP = 4, DBSTATUS_CACHE_HIT = 7, DBSTATUS_CACHE_MISS = 8;
const cString = (text: string) => Buffer.from(`${text}\0`);
const file = join(dataDir, databaseFileName);
const handle = new BigUint64Array(1);
if (lib.sqlite3_open_v2(cString(file), ptr(handle), SQLITE_OPEN_READONLY, null) !== 0) throw new Error(`cannot open ${file} with ${SYSTEM_SQLITE}`);
const sys = Number(handle[0]) as Pointer;

function prepared(text: string, params: unknown[]): Pointer {
  const out = new BigUint64Array(1);
  if (lib.sqlite3_prepare_v2(sys, cString(text), -1, ptr(out), null) !== 0) throw new Error(`${lib.sqlite3_errmsg(sys)}: ${text}`);
  const statement = Number(out[0]) as Pointer;
  params.forEach((value, i) => {
    if (value === null || value === undefined) lib.sqlite3_bind_null(statement, i + 1);
    else if (typeof value === "number" && Number.isInteger(value)) lib.sqlite3_bind_int64(statement, i + 1, BigInt(value));
    else if (typeof value === "number") lib.sqlite3_bind_double(statement, i + 1, value);
    else if (typeof value === "boolean") lib.sqlite3_bind_int64(statement, i + 1, value ? 1n : 0n);
    else {
      const bytes = Buffer.from(String(value));
      lib.sqlite3_bind_text(statement, i + 1, ptr(bytes), bytes.length, SQLITE_TRANSIENT);
    }
  });
  return statement;
}
/** Pages read since the last call (page-cache hits and misses). */
function pagesTouched(): number {
  const current = new Int32Array(1), highest = new Int32Array(1);
  let total = 0;
  for (const op of [DBSTATUS_CACHE_HIT, DBSTATUS_CACHE_MISS]) {
    lib.sqlite3_db_status(sys, op, ptr(current), ptr(highest), 1);
    total += current[0]!;
  }
  return total;
}
function counted(text: string, params: unknown[]): { steps: number; pages: number } {
  const statement = prepared(text, params);
  pagesTouched();
  for (let rc = lib.sqlite3_step(statement); rc !== SQLITE_DONE; rc = lib.sqlite3_step(statement)) {
    if (rc !== SQLITE_ROW) throw new Error(`${lib.sqlite3_errmsg(sys)}: ${text}`);
  }
  const steps = lib.sqlite3_stmt_status(statement, STMTSTATUS_VM_STEP, 0);
  lib.sqlite3_finalize(statement);
  return { steps, pages: pagesTouched() };
}
// "LAST TERM" / "RIGHT PART" of an ORDER BY and Bloom filters: the same plan in the two versions' words.
const samePlan = (steps: string[]) => steps.filter((s) => !s.startsWith("CREATE BLOOM FILTER")).map((s) => s.replace("RIGHT PART OF ORDER BY", "LAST TERM OF ORDER BY"));
function systemPlan(text: string, params: unknown[]): string[] {
  const statement = prepared(`explain query plan ${text}`, params);
  const steps: string[] = [];
  while (lib.sqlite3_step(statement) === SQLITE_ROW) steps.push(String(lib.sqlite3_column_text(statement, 3)));
  lib.sqlite3_finalize(statement);
  return steps;
}
const bunSqlite = new Database(file, { readonly: true });
const bunPlan = (text: string, params: unknown[]) => (bunSqlite.query(`explain query plan ${text}`).all(...(params as string[])) as { detail: string }[]).map((r) => r.detail);

const totals = new Map<string, { statements: number; steps: number; pages: number; differs: boolean }>();
for (const { read, text, params } of ran) {
  if (!/^select/i.test(text) || /from "sessions"|from "workspace_members"/.test(text)) continue;
  const work = counted(text, params);
  const differs = JSON.stringify(samePlan(systemPlan(text, params))) !== JSON.stringify(samePlan(bunPlan(text, params)));
  const t = totals.get(read) ?? { statements: 0, steps: 0, pages: 0, differs: false };
  totals.set(read, { statements: t.statements + 1, steps: t.steps + work.steps, pages: t.pages + work.pages, differs: t.differs || differs });
}
const cell = (read: string, asker: string) => {
  const t = totals.get(`${read}|${asker}`);
  return t ? `${t.steps.toLocaleString("en")} / ${t.pages.toLocaleString("en")}${t.differs ? " (plan differs)" : ""}` : "–";
};
console.log(`SQLite's work per read: VM steps / pages touched (the read's SELECTs; ${SYSTEM_SQLITE} counting, plans checked against Bun's)\n`);
console.log(`| Read | ${askers.join(" | ")} |\n|---|${askers.map(() => "---:|").join("")}`);
for (const r of reads) console.log(`| ${r.screen}: ${r.label} | ${askers.map((a) => cell(`${r.screen}: ${r.label}`, a)).join(" | ")} |`);
process.exit(0);
