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
