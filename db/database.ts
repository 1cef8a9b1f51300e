// Opening the database a configuration names: PostgreSQL when DATABASE_URL is set, else the SQLite
// file in DATA_DIR. Either is migrated before use. What comes back is a `Db` for both.
// PostgreSQL's driver is loaded only when DATABASE_URL names it: a SQLite portal never needs it.
import type { Db } from "./client.ts";
import { closeDatabase, migrateDatabase, openDatabase } from "./client.ts";
import { sql } from "drizzle-orm";
import { isDatabaseUnreachable } from "../src/lib/errors.ts";
import { dialect, isPostgresUrl } from "./dialect.ts";
import type { PgDb } from "./postgres.ts";
import { engineOf, registerPostgres } from "./transaction.ts";

export interface DatabaseSettings {
  dataDir: string;
  /** postgres://… or null for SQLite in dataDir. */
  databaseUrl: string | null;
  /** How long to wait for PostgreSQL to answer at start (it may be starting beside the portal). */
  databaseWaitMs?: number;
}

/** PostgreSQL could not be used at start: the message names DATABASE_URL and what to check. */
export class DatabaseUnreachableError extends Error {
  override name = "DatabaseUnreachableError";
}

/**
 * Asks PostgreSQL `select 1` until it answers, for up to `waitMs` while the failure is one a
 * starting server gives; a wrong host, password or database fails at once. The message names the
 * host and port, never the password.
 */
async function reachPostgres(db: PgDb, url: string, waitMs: number): Promise<void> {
  const { hostname, port } = new URL(url);
  const where = `${hostname}:${port || 5432}`;
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      await db.execute(sql`select 1`);
      return;
    } catch (error) {
      const cause = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
      // The same test as a request's 503 (src/lib/errors.ts): a server not listening yet, or
      // starting or shutting down, is worth waiting out; anything else is a wrong setting.
      if (!isDatabaseUnreachable(error)) {
        throw new DatabaseUnreachableError(`DATABASE_URL: PostgreSQL at ${where} refused the connection (${cause}). Check DATABASE_URL: host, port, database, user and password.`);
      }
      if (Date.now() >= deadline) {
        throw new DatabaseUnreachableError(`DATABASE_URL: PostgreSQL at ${where} could not be reached for ${Math.round(waitMs / 1000)} s (${cause}). Check that PostgreSQL is running and DATABASE_URL names it (DATABASE_WAIT_SECONDS sets how long to wait).`);
      }
      await Bun.sleep(Math.min(2_000, Math.max(0, deadline - Date.now())));
    }
  }
}

export async function openMigratedDatabase(settings: DatabaseSettings): Promise<Db> {
  if (settings.databaseUrl) {
    if (!isPostgresUrl(settings.databaseUrl) || dialect !== "postgres") {
      throw new Error("DATABASE_URL must be a postgres:// URL set in the environment the portal starts with");
    }
    const { closePostgres, migratePostgres, openPostgres } = await import("./postgres.ts");
    const db = openPostgres(settings.databaseUrl);
    try {
      await reachPostgres(db, settings.databaseUrl, settings.databaseWaitMs ?? 60_000);
      await migratePostgres(db);
    } catch (error) {
      await closePostgres(db);
      throw error;
    }
    registerPostgres(db);
    return db as unknown as Db;
  }
  if (dialect === "postgres") throw new Error("DATABASE_URL names PostgreSQL in the environment but not in this configuration");
  const db = openDatabase(settings.dataDir);
  migrateDatabase(db);
  return db;
}

export async function closeAnyDatabase(db: Db): Promise<void> {
  const engine = engineOf(db);
  if (engine.kind === "postgres") await (await import("./postgres.ts")).closePostgres(engine.db as PgDb);
  else closeDatabase(db);
}
