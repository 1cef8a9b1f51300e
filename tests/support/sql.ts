// Raw SQL in tests, on whichever database the test server runs (db/dialect.ts): the one place in
// the tests that knows the two apart. Prefer Drizzle queries on db/tables.ts; use these where a
// plain statement says it more clearly. Write SQL both databases speak: `cast(count(*) as integer)`
// rather than `::int`, no rowid, no PRAGMA.
//
// Raw rows come back as SQLite stores the values, on both databases, so one expectation fits
// both: PostgreSQL's timestamptz becomes milliseconds, bigint a number, boolean 1/0, jsonb its
// JSON text (db/schema.pg.ts lists these translations).
import { desc, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { dialect } from "../../db/dialect.ts";
import { transaction } from "../../db/transaction.ts";

type PgRows = Record<string, unknown>[] & { columns?: { name: string; type: number }[] };
type Runner = { all(query: SQL): unknown[]; run(query: SQL): unknown } & { execute(query: SQL): Promise<PgRows> };

// PostgreSQL type oids (pg_type) whose values SQLite stores differently.
const INT8 = 20, BOOL = 16, TIMESTAMPTZ = 1184, TIMESTAMP = 1114, JSON_ = 114, JSONB = 3802;

function asSqliteValue(type: number, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (type) {
    case INT8:
      return Number(value);
    case BOOL:
      return value ? 1 : 0;
    case TIMESTAMPTZ:
    case TIMESTAMP: {
      // Drizzle's postgres-js driver leaves timestamps as PostgreSQL's text: "2026-11-23 19:09:10.123+00".
      if (value instanceof Date) return value.getTime();
      const iso = String(value).replace(" ", "T").replace(/([+-]\d\d)$/, "$1:00");
      return Date.parse(type === TIMESTAMP ? iso + "Z" : iso);
    }
    case JSON_:
    case JSONB:
      return typeof value === "string" ? value : JSON.stringify(value);
    default:
      return value;
  }
}

/** Every row a query returns (a read on the server's own connection), values as SQLite keeps them. */
export async function rows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const runner = db as unknown as Runner;
  if (dialect === "sqlite") return runner.all(query) as T[];
  const found = await runner.execute(query);
  const types = new Map((found.columns ?? []).map((c) => [c.name, c.type]));
  return [...found].map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, asSqliteValue(types.get(k) ?? 0, v)]))) as T[];
}

/** The first row a query returns, or null (as bun:sqlite's get). */
export async function row<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T | null> {
  return (await rows<T>(db, query))[0] ?? null;
}

/** Runs a statement that changes data, in a write transaction of its own. */
export async function exec(db: Db, query: SQL): Promise<void> {
  await transaction(db, async (tx: Tx) => {
    const runner = tx as unknown as Runner;
    if (dialect === "postgres") await runner.execute(query);
    else runner.run(query);
  });
}

/**
 * ORDER BY terms for "newest first" on a table whose created_at the database fills in. SQLite
 * stores it to the second, so rows of one second fall back on rowid (insertion order); PostgreSQL
 * has no rowid and keeps the millisecond of the inserting transaction.
 */
export function newestFirst(createdAt: AnyColumn): SQL[] {
  return dialect === "postgres" ? [desc(createdAt)] : [desc(createdAt), sql`rowid desc`];
}

/** A statement written with `?` placeholders, as SQL for rows/row/exec: `statement("… where id = ?", id)`. */
export function statement(text: string, ...params: unknown[]): SQL {
  const parts = text.split("?");
  if (parts.length !== params.length + 1) throw new Error(`${parts.length - 1} placeholders, ${params.length} values: ${text}`);
  const query = sql.empty();
  parts.forEach((part, i) => {
    query.append(sql.raw(part));
    if (i < params.length) query.append(sql`${params[i]}`);
  });
  return query;
}
