// A real PostgreSQL for the tests: Debian's `postgresql` package (/usr/lib/postgresql/<version>/bin,
// installed by .ci/run when missing), a throwaway cluster in a temp dir on a free port. Started
// once per test process, on first use, and stopped when the process has gone (also if it was
// killed). Each test takes a database of its own from createTestDatabase(): a copy of a template
// the migrations were applied to once. Databases are made with the C collation, so text sorts
// byte by byte as in SQLite.
//
// initdb and postgres refuse to run as root (these sessions and CI may be root), so as root the
// cluster belongs to `nobody` and the server runs as it through setpriv (util-linux, on every
// Debian); as anyone else it runs as that user.
import { spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { closePostgres, migratePostgres, openPostgres } from "../../db/postgres.ts";
import { freePort } from "./smtp.ts";

const PG_ROOT = "/usr/lib/postgresql";

/** The newest installed PostgreSQL's bin directory, or null when Debian's package is missing. */
export function postgresBinDir(): string | null {
  if (!existsSync(PG_ROOT)) return null;
  const versions = readdirSync(PG_ROOT)
    .filter((v) => /^\d+$/.test(v) && existsSync(join(PG_ROOT, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(PG_ROOT, versions[0], "bin") : null;
}

export const postgresInstalled = postgresBinDir() !== null;
export const POSTGRES_MISSING = "PostgreSQL is not installed (apt-get install postgresql; .ci/run installs it)";

interface Cluster {
  port: number;
  dir: string;
  /** The supervising shell (see SUPERVISOR). */
  process: ReturnType<typeof Bun.spawn>;
  admin: postgres.Sql;
}

const TEMPLATE = "portal_template";
const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;

/** A command run as the cluster's owner, which gets SIGQUIT (immediate shutdown) if its parent dies. */
function asOwner(command: string[]): string[] {
  const drop = asRoot ? [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, "--clear-groups"] : [];
  return ["setpriv", ...drop, "--pdeathsig", "SIGQUIT", "--", ...command];
}

function run(command: string[]): void {
  const result = spawnSync(command[0]!, command.slice(1), { encoding: "utf8", env: { ...process.env, LC_ALL: "C" } });
  if (result.status !== 0) throw new Error(`${command.join(" ")} failed (${result.status}): ${result.stderr || result.stdout}`);
}

async function waitUntilReady(port: number, server: ReturnType<typeof Bun.spawn>): Promise<postgres.Sql> {
  for (;;) {
    if (server.exitCode !== null) throw new Error(`PostgreSQL stopped while starting:\n${await new Response(server.stderr as ReadableStream).text()}`);
    const admin = postgres({ host: "127.0.0.1", port, user: "postgres", database: "postgres", max: 1, onnotice: () => {}, connect_timeout: 2 });
    try {
      await admin`select 1`;
      return admin;
    } catch {
      await admin.end({ timeout: 0 });
      await Bun.sleep(50);
    }
  }
}

/**
 * Runs the server under a small shell that outlives this process: when the test process is gone
 * (bun test fires no exit event, and a killed run fires nothing), it stops the server and removes
 * the cluster. If the server stops on its own first, its log goes to the shell's stderr. Bun
 * sends its children SIGTERM when a run ends on a timed-out hook; the shell lets that pass and
 * cleans up as usual once this process is gone.
 */
const SUPERVISOR = `
trap : HUP INT TERM
"$@" >"$LOG" 2>&1 &
pg=$!
while kill -0 "$PARENT" 2>/dev/null && kill -0 "$pg" 2>/dev/null; do sleep 0.2; done
if kill -0 "$PARENT" 2>/dev/null; then cat "$LOG" >&2; exit 1; fi
kill -QUIT "$pg" 2>/dev/null
wait "$pg"
rm -rf "$DIR"
`;

async function startCluster(): Promise<Cluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error(POSTGRES_MISSING);
  // As root, in /tmp: a TMPDIR under /root would be out of nobody's reach.
  const dir = mkdtempSync(join(asRoot ? "/tmp" : tmpdir(), "portal-pg-"));
  if (asRoot) chownSync(dir, NOBODY, NOBODY);
  const data = join(dir, "data");
  try {
    // Trust on 127.0.0.1 and the socket only; C collation so text sorts byte by byte, as in SQLite.
    run(asOwner([join(bin, "initdb"), "-D", data, "-U", "postgres", "--auth=trust", "--no-locale", "-E", "UTF8", "--no-sync", "--no-instructions"]));
    // The port was free a moment ago; if someone takes it before the server binds, try another.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const command = asOwner([
        join(bin, "postgres"), "-D", data, "-p", String(port), "-k", dir, "-c", "listen_addresses=127.0.0.1",
        // A test cluster: losing it in a crash loses nothing, so skip what makes writes durable.
        "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off", "-c", "max_connections=300",
      ]);
      const server = Bun.spawn(["sh", "-c", SUPERVISOR, "supervisor", ...command], {
        stdout: "ignore",
        stderr: "pipe",
        env: { ...process.env, LC_ALL: "C", PARENT: String(process.pid), LOG: join(dir, "postgres.log"), DIR: dir },
      });
      try {
        return { port, dir, process: server, admin: await waitUntilReady(port, server) };
      } catch (error) {
        await server.exited;
        if (attempt >= 3 || !String(error).includes("could not bind")) throw error;
      }
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

let cluster: Promise<Cluster> | null = null;

/** The shared test cluster, started (and the template migrated) on first call. */
function testCluster(): Promise<Cluster> {
  cluster ??= (async () => {
    const c = await startCluster();
    await c.admin.unsafe(`create database ${TEMPLATE}`);
    const db = openPostgres(urlFor(c.port, TEMPLATE));
    try {
      await migratePostgres(db);
    } finally {
      await closePostgres(db);
    }
    return c;
  })();
  return cluster;
}

function urlFor(port: number, database: string): string {
  return `postgres://postgres@127.0.0.1:${port}/${database}`;
}

let databaseCount = 0;
// CREATE DATABASE copies its template only while nobody else uses it: one at a time.
let creating: Promise<unknown> = Promise.resolve();

async function createDatabase(template: string): Promise<string> {
  const c = await testCluster();
  const name = `test_${process.pid}_${++databaseCount}`;
  const made = creating.then(() => c.admin.unsafe(`create database ${name} template ${template}`));
  creating = made.catch(() => {});
  await made;
  return urlFor(c.port, name);
}

/** A new database with every migration applied: its URL (postgres://…). */
export function createTestDatabase(): Promise<string> {
  return createDatabase(TEMPLATE);
}

/** A new, empty database (no tables, no migrations): its URL. */
export function createEmptyDatabase(): Promise<string> {
  return createDatabase("template0");
}

/** Drops a database made by createTestDatabase/createEmptyDatabase (its connections must be closed). */
export async function dropTestDatabase(url: string): Promise<void> {
  const c = await testCluster();
  const name = new URL(url).pathname.slice(1);
  await c.admin.unsafe(`drop database if exists ${name} with (force)`);
}
