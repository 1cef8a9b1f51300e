// The shapes services read and write through, for either database. Apart from client.ts and
// postgres.ts (which open the databases) so that transaction.ts, which both of them call, can
// name them without importing either back.
import type { Database } from "bun:sqlite";
import type { BunSQLiteDatabase } from "drizzle-orm/bun-sqlite";
import type { PostgresJsDatabase } from "drizzle-orm/postgres-js";
import type postgres from "postgres";
import type * as schema from "./schema.ts";
import type * as pgSchema from "./schema.pg.ts";

export type SqliteDatabase = BunSQLiteDatabase<typeof schema> & { $client: Database };

/**
 * What services read through. The write methods are left out on purpose: every write goes
 * through `transaction` (db/transaction.ts), the one place that knows how this database keeps
 * writers apart. `$client` is SQLite's own handle, for operations and tests that need SQL only
 * SQLite speaks (VACUUM INTO, PRAGMA).
 */
export type Db = Pick<SqliteDatabase, "select" | "selectDistinct" | "$count" | "$client">;
/** Either of the two, for code that only reads (inside a transaction or not). */
export type Reader = Pick<SqliteDatabase, "select" | "selectDistinct" | "$count">;
/** An open transaction: reads see its own writes. */
export type Tx = Pick<SqliteDatabase, "select" | "selectDistinct" | "$count" | "insert" | "update" | "delete">;

/** A PostgreSQL database as db/postgres.ts opens it. */
export type PgDb = PostgresJsDatabase<typeof pgSchema> & { $client: postgres.Sql };
