// Opening the database a configuration names: PostgreSQL when DATABASE_URL is set, else the SQLite
// file in DATA_DIR. Either is migrated before use. What comes back is a `Db` for both.
// PostgreSQL's driver is loaded only when DATABASE_URL names it: a SQLite portal never needs it.
import type { Db } from "./client.ts";
import { closeDatabase, migrateDatabase, openDatabase } from "./client.ts";
import { dialect, isPostgresUrl } from "./dialect.ts";
import type { PgDb } from "./postgres.ts";
import { engineOf, registerPostgres } from "./transaction.ts";

export interface DatabaseSettings {
  dataDir: string;
  /** postgres://… or null for SQLite in dataDir. */
  databaseUrl: string | null;
}

export async function openMigratedDatabase(settings: DatabaseSettings): Promise<Db> {
  if (settings.databaseUrl) {
    if (!isPostgresUrl(settings.databaseUrl) || dialect !== "postgres") {
      throw new Error("DATABASE_URL must be a postgres:// URL set in the environment the portal starts with");
    }
    const { closePostgres, migratePostgres, openPostgres } = await import("./postgres.ts");
    const db = openPostgres(settings.databaseUrl);
    try {
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
