// Which database this process runs on, and the few SQL spellings that differ between the two.
// Decided once, from DATABASE_URL in the environment, because the table objects every service
// imports (db/tables.ts) depend on it. Nothing outside db/ asks which one it is.
import { sql, type AnyColumn, type SQL } from "drizzle-orm";

export const isPostgresUrl = (url: string | undefined): boolean => /^postgres(ql)?:\/\//.test(url ?? "");

export type Dialect = "sqlite" | "postgres";
export const dialect: Dialect = isPostgresUrl(process.env.DATABASE_URL) ? "postgres" : "sqlite";

/** A text column compared without regard to (ASCII) case: for ordering by name. */
export function caseInsensitive(column: AnyColumn): SQL {
  // SQLite's index on the name is declared COLLATE NOCASE; PostgreSQL's on lower(name).
  return dialect === "postgres" ? sql`lower(${column})` : sql`${column} collate nocase`;
}

/** `column` matches a LIKE pattern (with `\` as its escape) regardless of case. */
export function likeInsensitive(column: AnyColumn, pattern: string): SQL {
  // SQLite's LIKE already ignores ASCII case; PostgreSQL's does not.
  return dialect === "postgres" ? sql`${column} ilike ${pattern} escape '\\'` : sql`${column} like ${pattern} escape '\\'`;
}

/**
 * A time as a prepared statement's placeholder value. Drizzle hands placeholder values to the
 * driver as they are: SQLite's timestamp columns hold milliseconds; PostgreSQL's take the ISO text
 * Drizzle itself sends for a Date (postgres-js refuses a bare Date here).
 */
export function timeParam(at: Date): number | string {
  return dialect === "postgres" ? at.toISOString() : at.getTime();
}

/**
 * Whether a failed write broke a unique constraint (a row with that key exists already), in
 * either database's words: SQLite's "UNIQUE constraint failed", PostgreSQL's SQLSTATE 23505
 * ("duplicate key value violates unique constraint"). Drizzle wraps the driver's error as `cause`.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY") return true;
    if (typeof message === "string" && message.includes("UNIQUE constraint failed")) return true;
  }
  return false;
}
