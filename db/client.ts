// Opens the SQLite database with the settings a busy single-node server needs and brings its
// schema up to date. Migrations come from db/migrations on disk when running from source, or
// from the copies embedded in the compiled executable (which has no such folder).
import { Database } from "bun:sqlite";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { drizzle } from "drizzle-orm/bun-sqlite";
import type { MigrationMeta } from "drizzle-orm/migrator";
import { embeddedFiles, type EmbeddedMigration } from "../src/lib/embedded.ts";
import { appliedMigrationCount, backupBeforeMigrating } from "./pre-migration-backup.ts";
import * as schema from "./schema.ts";
import { registerSqliteWriter, sqliteWriterOf } from "./transaction.ts";

export type { Db, Reader, Tx } from "./types.ts";
import type { Db, SqliteDatabase } from "./types.ts";

export const databaseFileName = "portal.sqlite";

function connect(file: string): SqliteDatabase {
  const sqlite = new Database(file, { create: true, strict: true });
  // bun:sqlite defaults are journal_mode=delete, synchronous=FULL, busy_timeout=0: slow, and
  // a second writer fails at once. WAL lets readers run beside the one writer.
  sqlite.exec("PRAGMA journal_mode = WAL");
  sqlite.exec("PRAGMA synchronous = NORMAL");
  sqlite.exec("PRAGMA busy_timeout = 5000");
  sqlite.exec("PRAGMA foreign_keys = ON");
  reuseCompiledStatements(sqlite);
  return drizzle(sqlite, { schema }) as SqliteDatabase;
}

/** `prepare(sql, values…)`: a statement given bound values when it is compiled, used once. */
const isOneOff = (rest: unknown[]) => rest.some((r) => r !== undefined);

/** How many compiled statements each connection keeps (the app has a few hundred distinct ones). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Drizzle compiles every query it runs (`client.prepare(sql)`), even when the same SQL ran a
 * moment ago: under the writes bench, compiling was 11 % of the server's time (26 % of its SQLite
 * time). Here the connection keeps the most recent statements by SQL text and hands the
 * compiled one back. Safe because a bun:sqlite statement runs to completion in one synchronous
 * call (all/values/run/get reset and re-bind it), so two users of one statement never
 * interleave; nothing in the app iterates a statement lazily or finalizes one. SQLite recompiles
 * a cached statement by itself after a schema change. Statements dropped from the cache are
 * not finalized (a drizzle `.prepare()` may still hold one); they are freed when collected.
 * Limits: a statement must not be finalized by its user, nor iterated across an await.
 */
function reuseCompiledStatements(sqlite: Database): void {
  const compile = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, ReturnType<Database["prepare"]>>();
  sqlite.prepare = ((query: string, ...rest: unknown[]) => {
    // Statements given bound values at compile time are one-off: compiled as before.
    if (isOneOff(rest)) return (compile as (...a: unknown[]) => ReturnType<Database["prepare"]>)(query, ...rest);
    let statement = cache.get(query);
    if (statement) {
      cache.delete(query); // most recently used last
    } else {
      statement = compile(query);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    }
    cache.set(query, statement);
    return statement;
  }) as Database["prepare"];
  // A statement left unfinalized keeps the connection open after close() (its WAL is then not
  // checkpointed and removed): the cached ones are finalized first.
  const close = sqlite.close.bind(sqlite);
  sqlite.close = ((...args: Parameters<Database["close"]>) => {
    for (const statement of cache.values()) statement.finalize();
    cache.clear();
    return close(...args);
  }) as Database["close"];
}

/**
 * Two connections to one file: reads, and one for transactions. A transaction's work is async
 * (the same services run on PostgreSQL), so other requests run while it waits; on its own
 * connection they never see what it has not committed, and its writes never mix with theirs.
 * While no transaction is open, reads borrow the transaction connection (readOnWriterWhenIdle).
 */
export function openDatabase(dataDir: string): Db {
  const file = join(dataDir, databaseFileName);
  const writer = connect(file);
  const reader = connect(file);
  readOnWriterWhenIdle(reader.$client, writer.$client);
  registerSqliteWriter(reader, writer);
  return reader;
}

/**
 * SQLite drops a connection's whole page cache when another connection has committed since its
 * last read, so under steady writes every read on the reading connection re-read its pages: the
 * session lookup right after a 10-document commit took 51 µs there against 32 µs on the
 * connection that committed (13 µs with no writes between). The transaction connection's cache
 * survives its own commits. So a read runs there whenever no transaction is open on it (checked
 * at the moment the read runs, which is synchronous, so no transaction can begin halfway), and
 * on the reading connection while one is, where it must not see what that transaction has not
 * committed. A read transaction opened on the reading connection itself (migrate-to's one
 * snapshot) keeps every read there too. Only Drizzle's reads (`all`, `values`, `get`) move;
 * anything that writes, and raw `query` calls, stay where they were sent.
 */
function readOnWriterWhenIdle(reader: Database, writer: Database): void {
  const prepareOnReader = reader.prepare.bind(reader);
  const prepareOnWriter = writer.prepare.bind(writer);
  reader.prepare = ((query: string, ...rest: unknown[]) => {
    if (isOneOff(rest)) return (prepareOnReader as (...a: unknown[]) => ReturnType<Database["prepare"]>)(query, ...rest);
    // Both connections keep their compiled statements (reuseCompiledStatements): picking one is a lookup.
    const read = () => (writer.inTransaction || reader.inTransaction ? prepareOnReader(query) : prepareOnWriter(query));
    const own = () => prepareOnReader(query);
    return {
      all: (...params: []) => read().all(...params),
      values: (...params: []) => read().values(...params),
      get: (...params: []) => read().get(...params),
      run: (...params: []) => own().run(...params),
      finalize: () => own().finalize(),
    } as unknown as ReturnType<Database["prepare"]>;
  }) as Database["prepare"];
}

/** The connection transactions write through, for SQLite-only work (migrations, VACUUM INTO). */
export function sqliteWriterClient(db: Db): Database {
  return sqliteWriterOf(db).$client;
}

/** The committed migrations, as written by drizzle-kit into db/migrations. */
export function readMigrationsFromDisk(folder = join(import.meta.dir, "migrations")): EmbeddedMigration[] {
  const journal = JSON.parse(readFileSync(join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string; when: number; breakpoints: boolean }[];
  };
  return journal.entries.map((entry) => ({
    tag: entry.tag,
    when: entry.when,
    breakpoints: entry.breakpoints,
    sql: readFileSync(join(folder, `${entry.tag}.sql`), "utf8"),
  }));
}

/** Applies every migration not yet applied, exactly as drizzle-kit's migrator would. */
export function migrateDatabase(reader: Db, source: EmbeddedMigration[] = embeddedFiles()?.migrations ?? readMigrationsFromDisk()): void {
  const migrations: MigrationMeta[] = source.map((m) => ({
    sql: m.sql.split("--> statement-breakpoint"),
    bps: m.breakpoints,
    folderMillis: m.when,
    hash: createHash("sha256").update(m.sql).digest("hex"),
  }));
  // Same call drizzle-orm/bun-sqlite/migrator makes after reading the folder itself; `dialect`
  // and `session` are internal fields that its migrator reaches the same way.
  const db = sqliteWriterOf(reader);
  const internal = db as unknown as {
    dialect: { migrate(m: MigrationMeta[], session: unknown, config: { migrationsFolder: string }): void };
    session: unknown;
  };
  // Migrations that rebuild a table drop the old one; with foreign keys on, that would cascade
  // into every row pointing at it. SQLite ignores this pragma inside the migrator's transaction,
  // so it is set around it, and the keys are checked before the portal uses the database.
  // An existing database about to change is copied first (a new one has nothing to lose).
  const applied = appliedMigrationCount(db.$client);
  if (applied > 0 && applied < migrations.length) backupBeforeMigrating(db.$client, applied);
  db.$client.exec("PRAGMA foreign_keys = OFF");
  try {
    internal.dialect.migrate(migrations, internal.session, { migrationsFolder: "" });
    const broken = db.$client.query("PRAGMA foreign_key_check").all();
    if (broken.length > 0) throw new Error(`The database has ${broken.length} rows whose references are broken: ${JSON.stringify(broken.slice(0, 3))}`);
  } finally {
    db.$client.exec("PRAGMA foreign_keys = ON");
  }
}

export function closeDatabase(db: Db): void {
  sqliteWriterOf(db).$client.close();
  db.$client.close();
}
