// Opens a PostgreSQL database (DATABASE_URL=postgres://…) and brings its schema up to date: the
// PostgreSQL counterpart of db/client.ts. The driver is postgres-js (npm `postgres`, pure JS),
// which also gives LISTEN/NOTIFY for live events across instances. Migrations come from
// db/migrations-pg on disk when running from source, or from the copies embedded in the compiled
// executable (scripts/compile.ts), exactly like SQLite's.
import { createHash } from "node:crypto";
import { join } from "node:path";
import { drizzle } from "drizzle-orm/postgres-js";
import type { MigrationMeta } from "drizzle-orm/migrator";
import postgres from "postgres";
import { embeddedFiles, type EmbeddedMigration } from "../src/lib/embedded.ts";
import { readMigrationsFromDisk } from "./client.ts";
import * as schema from "./schema.pg.ts";

export type { PgDb } from "./types.ts";
import type { PgDb } from "./types.ts";

export interface PostgresOptions {
  /** Most connections this process opens (postgres-js's pool; it opens them as needed). */
  maxConnections?: number;
}

export function openPostgres(url: string, options: PostgresOptions = {}): PgDb {
  const client = postgres(url, {
    max: options.maxConnections ?? 10,
    // "schema already exists, skipping" and the like: not worth a log line each start.
    onnotice: () => {},
    connection: { application_name: "broker-portal" },
  });
  return drizzle(client, { schema }) as PgDb;
}

/** The committed PostgreSQL migrations, as written by drizzle-kit into db/migrations-pg. */
export function readPgMigrationsFromDisk(folder = join(import.meta.dir, "migrations-pg")): EmbeddedMigration[] {
  return readMigrationsFromDisk(folder);
}

/** Any fixed number: the advisory lock portal instances take around migrating one database. */
const MIGRATION_LOCK = 4_815_162_342;

/**
 * Applies every migration not yet applied, exactly as drizzle-orm/postgres-js/migrator would (in
 * one transaction, recorded in drizzle.__drizzle_migrations). Several instances starting at once
 * take turns: each holds an advisory lock on a connection of its own while it migrates, and the
 * next finds nothing left to do.
 */
export async function migratePostgres(
  db: PgDb,
  source: EmbeddedMigration[] = embeddedFiles()?.pgMigrations ?? readPgMigrationsFromDisk(),
): Promise<void> {
  const migrations: MigrationMeta[] = source.map((m) => ({
    sql: m.sql.split("--> statement-breakpoint"),
    bps: m.breakpoints,
    folderMillis: m.when,
    hash: createHash("sha256").update(m.sql).digest("hex"),
  }));
  // Same call drizzle-orm/postgres-js/migrator makes after reading the folder itself; `dialect`
  // and `session` are internal fields that its migrator reaches the same way.
  const internal = db as unknown as {
    dialect: { migrate(m: MigrationMeta[], session: unknown, config: { migrationsFolder: string }): Promise<void> };
    session: unknown;
  };
  const lock = await db.$client.reserve();
  try {
    await lock`select pg_advisory_lock(${MIGRATION_LOCK}::bigint)`;
    try {
      await internal.dialect.migrate(migrations, internal.session, { migrationsFolder: "" });
    } finally {
      await lock`select pg_advisory_unlock(${MIGRATION_LOCK}::bigint)`;
    }
  } finally {
    lock.release();
  }
}

/** How many migrations this database has recorded (0 for a new, empty one). */
export async function appliedPgMigrationCount(db: PgDb): Promise<number> {
  const [table] = await db.$client<{ exists: boolean }[]>`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`;
  if (!table?.exists) return 0;
  const [row] = await db.$client<{ n: number }[]>`select count(*)::int as n from drizzle.__drizzle_migrations`;
  return row?.n ?? 0;
}

export async function closePostgres(db: PgDb): Promise<void> {
  await db.$client.end({ timeout: 5 });
}
