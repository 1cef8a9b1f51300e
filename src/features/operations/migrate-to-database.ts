// The database half of `portal migrate-to`: every table of the SQLite schema (db/schema.ts)
// copied into the PostgreSQL table of the same export name (db/schema.pg.ts), then both read
// back and compared. Tables are found by walking the two schema modules' exports, so a table
// added later is copied without anyone remembering to list it here, and a table declared on one
// side only stops the copy before it starts.
import { getTableColumns, getTableName, is, sql, type Column, type SQL } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { getTableConfig as liteTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { createHash } from "node:crypto";
import type { Db } from "../../../db/client.ts";
import type { PgDb } from "../../../db/postgres.ts";
import * as liteSchema from "../../../db/schema.ts";
import * as pgSchema from "../../../db/schema.pg.ts";

/** Rows per INSERT (and per read): far below PostgreSQL's 65,535 parameters for our widest table. */
export const BATCH_ROWS = 500;
/** For a table holding bytes (logos, up to 512 KiB each): a batch stays a few megabytes. */
const BLOB_BATCH_ROWS = 16;

type Row = Record<string, unknown>;

export interface TablePair {
  /** The export name both schema modules use (`users`, `documentVersions` …). */
  key: string;
  /** The SQL table name. */
  name: string;
  lite: SQLiteTable;
  pg: PgTable;
  /** Column keys in a fixed order: what rows are serialised by. */
  columns: string[];
  /** Primary-key column keys: the order rows are read and compared in. */
  primaryKey: string[];
  /** Rows per read and per INSERT. */
  batchRows: number;
}

export interface TableCheck {
  name: string;
  sourceRows: number;
  targetRows: number;
  sourceChecksum: string;
  targetChecksum: string;
  ok: boolean;
}

function tablesOf<T>(module: Record<string, unknown>, kind: new (...args: never[]) => T): Map<string, T> {
  const found = new Map<string, T>();
  for (const [key, value] of Object.entries(module)) if (is(value, kind as never)) found.set(key, value as T);
  return found;
}

/**
 * The tables of both schemas, paired by export name and put in foreign-key order (a table after
 * every table it refers to). Throws, naming them, on tables or columns declared on one side only.
 */
export function pairTables(liteModule: Record<string, unknown> = liteSchema, pgModule: Record<string, unknown> = pgSchema): TablePair[] {
  const lite = tablesOf(liteModule, SQLiteTable);
  const pg = tablesOf(pgModule, PgTable);
  const onlyLite = [...lite.keys()].filter((k) => !pg.has(k));
  const onlyPg = [...pg.keys()].filter((k) => !lite.has(k));
  if (onlyLite.length || onlyPg.length) {
    throw new Error(
      `The SQLite and PostgreSQL schemas declare different tables (db/schema.ts only: ${onlyLite.join(", ") || "none"}; ` +
        `db/schema.pg.ts only: ${onlyPg.join(", ") || "none"}). Nothing was copied.`,
    );
  }
  const pairs = [...lite].map(([key, liteTable]): TablePair => {
    const pgTable = pg.get(key)!;
    const name = getTableName(liteTable);
    const liteColumns = Object.keys(getTableColumns(liteTable)).sort();
    const pgColumns = Object.keys(getTableColumns(pgTable)).sort();
    if (getTableName(pgTable) !== name || liteColumns.join() !== pgColumns.join()) {
      throw new Error(
        `Table ${key} differs between the schemas (SQLite ${name}: ${liteColumns.join(", ")}; ` +
          `PostgreSQL ${getTableName(pgTable)}: ${pgColumns.join(", ")}). Nothing was copied.`,
      );
    }
    const holdsBytes = Object.values(getTableColumns(liteTable)).some((c) => c.getSQLType() === "blob");
    return { key, name, lite: liteTable, pg: pgTable, columns: liteColumns, primaryKey: primaryKeyOf(liteTable, key), batchRows: holdsBytes ? BLOB_BATCH_ROWS : BATCH_ROWS };
  });
  return foreignKeyOrder(pairs);
}

function primaryKeyOf(table: SQLiteTable, key: string): string[] {
  const columns = Object.entries(getTableColumns(table));
  const single = columns.filter(([, c]) => c.primary).map(([k]) => k);
  const composite = liteTableConfig(table).primaryKeys.flatMap((pk) => pk.columns.map((c) => columns.find(([, col]) => col === c)![0]));
  const keys = single.length ? single : composite;
  if (keys.length === 0) throw new Error(`Table ${key} has no primary key: migrate-to reads and compares rows in primary-key order.`);
  return keys;
}

/** Parents before children; the schemas' own order among tables that do not depend on each other. */
function foreignKeyOrder(pairs: TablePair[]): TablePair[] {
  const byName = new Map(pairs.map((p) => [p.name, p]));
  const parents = new Map(pairs.map((p) => [p.name, new Set(liteTableConfig(p.lite).foreignKeys.map((fk) => getTableName(fk.reference().foreignTable)))]));
  const ordered: TablePair[] = [];
  const placed = new Set<string>();
  while (ordered.length < pairs.length) {
    const next = pairs.find((p) => !placed.has(p.name) && [...parents.get(p.name)!].every((parent) => placed.has(parent) || !byName.has(parent)));
    if (!next) {
      const left = pairs.filter((p) => !placed.has(p.name)).map((p) => p.name);
      // A table referring to itself (or a cycle) needs its rows copied parent-first: not done yet.
      throw new Error(`Cannot order these tables by their foreign keys (they refer to each other or themselves): ${left.join(", ")}`);
    }
    ordered.push(next);
    placed.add(next.name);
  }
  return ordered;
}

/** Tables of the target that already hold rows (the copy only goes into an empty database). */
export async function nonEmptyTables(pg: PgDb, pairs: TablePair[]): Promise<string[]> {
  const found: string[] = [];
  for (const pair of pairs) {
    const [row] = await pg.select({ one: sql<number>`1` }).from(pair.pg).limit(1);
    if (row) found.push(pair.name);
  }
  return found;
}

/** The primary-key columns of one side, as SQL: PostgreSQL text compared byte by byte, as SQLite does. */
function keyExpressions(columns: Column[], dialect: "lite" | "pg"): SQL[] {
  return columns.map((c) => (dialect === "pg" && c.getSQLType() === "text" ? sql`${c} collate "C"` : sql`${c}`));
}

/**
 * Every row of a table, a batch at a time, in primary-key order (byte order for text, on both
 * databases: SQLite's BINARY collation, PostgreSQL's "C"). Keyset paging: each batch starts after
 * the last key of the one before.
 */
async function* readBatches(pair: TablePair, side: { dialect: "lite"; db: Db } | { dialect: "pg"; db: PgDb }): AsyncGenerator<Row[]> {
  const table = side.dialect === "lite" ? pair.lite : pair.pg;
  const all = getTableColumns(table) as Record<string, Column>;
  const keyColumns = pair.primaryKey.map((k) => all[k]!);
  const keys = keyExpressions(keyColumns, side.dialect);
  let after: Row | null = null;
  for (;;) {
    const where: SQL | undefined = after
      ? sql`(${sql.join(keys, sql`, `)}) > (${sql.join(
          keyColumns.map((c, i) => sql`${sql.param(after![pair.primaryKey[i]!], c)}`),
          sql`, `,
        )})`
      : undefined;
    const rows: Row[] =
      side.dialect === "lite"
        ? await side.db.select().from(table as SQLiteTable).where(where).orderBy(...keys).limit(pair.batchRows)
        : await side.db.select().from(table as PgTable).where(where).orderBy(...keys).limit(pair.batchRows);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < pair.batchRows) return;
    after = rows[rows.length - 1]!;
  }
}

/**
 * Copies every table, parents first, inside one PostgreSQL transaction: a failure anywhere leaves
 * the target as empty as it was. `progress` gets a line per table (and per 10,000 rows of a big one).
 */
export async function copyTables(source: Db, target: PgDb, pairs: TablePair[], progress: (line: string) => void): Promise<void> {
  await target.transaction(async (tx) => {
    for (const [index, pair] of pairs.entries()) {
      let copied = 0;
      for await (const rows of readBatches(pair, { dialect: "lite", db: source })) {
        await tx.insert(pair.pg).values(rows as never);
        copied += rows.length;
        if (copied % 10_000 < rows.length && copied >= 10_000) progress(`  ${pair.name}: ${copied} rows so far`);
      }
      progress(`Copied table ${index + 1}/${pairs.length} ${pair.name}: ${copied} rows`);
    }
  });
}

/**
 * One value as the same text on both databases: dates as ISO instants, bytes as base64, JSON
 * objects with their keys sorted (PostgreSQL's jsonb keeps its own key order).
 */
function canonical(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return { $date: Number.isNaN(value.getTime()) ? "invalid" : value.toISOString() };
  if (value instanceof Uint8Array) return { $bytes: Buffer.from(value).toString("base64") };
  if (typeof value === "bigint") return { $bigint: value.toString() };
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value === "object") {
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) sorted[key] = canonical((value as Row)[key]);
    return sorted;
  }
  return value;
}

/** A table's row count and the SHA-256 of its rows, each serialised canonically, in primary-key order. */
async function checksum(pair: TablePair, side: { dialect: "lite"; db: Db } | { dialect: "pg"; db: PgDb }): Promise<{ rows: number; sha256: string }> {
  const hash = createHash("sha256");
  let rows = 0;
  for await (const batch of readBatches(pair, side)) {
    for (const row of batch) {
      hash.update(JSON.stringify(pair.columns.map((c) => canonical(row[c]))));
      hash.update("\n");
    }
    rows += batch.length;
  }
  return { rows, sha256: hash.digest("hex") };
}

/** Reads every table back from both databases: counts (SQL count(*)) and checksums compared. */
export async function verifyTables(source: Db, target: PgDb, pairs: TablePair[]): Promise<TableCheck[]> {
  const checks: TableCheck[] = [];
  for (const pair of pairs) {
    const [sourceCount, targetCount] = [await source.$count(pair.lite), await target.$count(pair.pg)];
    const [a, b] = [await checksum(pair, { dialect: "lite", db: source }), await checksum(pair, { dialect: "pg", db: target })];
    checks.push({
      name: pair.name,
      sourceRows: sourceCount,
      targetRows: targetCount,
      sourceChecksum: a.sha256,
      targetChecksum: b.sha256,
      ok: sourceCount === targetCount && a.rows === sourceCount && b.rows === targetCount && a.sha256 === b.sha256,
    });
  }
  return checks;
}

/** The comparison as a printed table: name, rows on each side, the checksum's start, OK or MISMATCH. */
export function formatChecks(checks: TableCheck[]): string[] {
  const width = Math.max(5, ...checks.map((c) => c.name.length));
  const lines = [`${"Table".padEnd(width)}  ${"SQLite".padStart(8)}  ${"PostgreSQL".padStart(10)}  ${"SHA-256".padEnd(16)}  Result`];
  for (const c of checks) {
    const sha = c.sourceChecksum === c.targetChecksum ? c.sourceChecksum.slice(0, 16) : `${c.sourceChecksum.slice(0, 7)}≠${c.targetChecksum.slice(0, 7)}`;
    lines.push(`${c.name.padEnd(width)}  ${String(c.sourceRows).padStart(8)}  ${String(c.targetRows).padStart(10)}  ${sha.padEnd(16)}  ${c.ok ? "OK" : "MISMATCH"}`);
  }
  return lines;
}
