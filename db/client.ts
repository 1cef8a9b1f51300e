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
import { readOnWriterWhenIdle, reuseCompiledStatements } from "./sqlite-connection.ts";
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
  reuseCompiledStatements(sqlite); // db/sqlite-connection.ts
  return drizzle(sqlite, { schema }) as SqliteDatabase;
}

/**
 * Two connections to one file: reads, and one for transactions. A transaction's work is async
 * (the same services run on PostgreSQL), so other requests run while it waits; on its own
 * connection they never see what it has not committed, and its writes never mix with theirs.
 * While no transaction is open, reads borrow the transaction connection (readOnWriterWhenIdle in
 * db/sqlite-connection.ts).
 */
export function openDatabase(dataDir: string): Db {
  const file = join(dataDir, databaseFileName);
  const writer = connect(file);
  const reader = connect(file);
  readOnWriterWhenIdle(reader.$client, writer.$client);
  registerSqliteWriter(reader, writer);
  return reader;
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
