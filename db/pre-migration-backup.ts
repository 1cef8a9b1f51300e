// Before migrations change an existing database, a copy of it as it was: an upgrade that goes
// wrong (a bug in a migration, a disk that fills half way) can be undone by putting this file
// back. Database only: migrations never touch stored files.
import type { Database } from "bun:sqlite";
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";

export const PRE_MIGRATION_DIR = "backups";
/** Enough to step back a few upgrades; older copies are removed. */
const KEEP = 3;
const NAME = /^pre-migration-.+\.sqlite$/;

/** Writes `backups/pre-migration-<time>-<n>-migrations.sqlite` beside the database; returns its path. */
export function backupBeforeMigrating(sqlite: Database, appliedCount: number, now = new Date()): string | null {
  if (!sqlite.filename || sqlite.filename === ":memory:") return null;
  const dir = join(dirname(sqlite.filename), PRE_MIGRATION_DIR);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `pre-migration-${now.toISOString().replace(/[:.]/g, "-")}-${appliedCount}-migrations.sqlite`);
  sqlite.prepare("VACUUM INTO ?").run(file);
  const copies = readdirSync(dir).filter((n) => NAME.test(n)).sort();
  for (const old of copies.slice(0, Math.max(0, copies.length - KEEP))) rmSync(join(dir, old), { force: true });
  return file;
}

/** How many migrations this database has recorded (0 for a new one). */
export function appliedMigrationCount(sqlite: Database): number {
  const table = sqlite.query("select 1 from sqlite_master where type = 'table' and name = '__drizzle_migrations'").get();
  return table ? (sqlite.query("select count(*) as n from __drizzle_migrations").get() as { n: number }).n : 0;
}
