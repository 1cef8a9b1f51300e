// Hot statements prepared once per database connection instead of on every call. Drizzle builds
// the SQL text and SQLite compiles it on every `.get()`/`.all()` of a query builder; with
// `.prepare()` and `sql.placeholder(...)` both happen once and each call only binds values.
// Still Drizzle (not raw bun:sqlite), so the queries move with the schema to another dialect.
//
//   const byId = prepared((db) => db.select().from(t).where(eq(t.id, sql.placeholder("id"))).prepare());
//   byId(ctx.db).get({ id })
//
// Placeholder values go to the driver as they are: a Date compared with a timestamp_ms column
// is passed through timeParam (db/dialect.ts).
//
// Why: building the SQL is Drizzle's largest cost, paid on every call of a query builder. Before
// the reads' statements were prepared, a broker's session lookup was 83 % of a request's
// JavaScript time (Drizzle building the SQL 38 %, SQLite compiling it 21 %); preparing the write
// path's statements took the CPU per write down by 34–41 % and the writes done in 5 s up by
// 40–70 %; preparing the portal view's statements over lists of ids (preparedForIds) removed 28 %
// of that view's time. The connection's own statement cache (db/sqlite-connection.ts) saves the
// compiling only, not the building. Figures: docs/performance.md, "The levers".
import { sql, type Placeholder } from "drizzle-orm";
import type { Reader, Tx } from "../../db/client.ts";

export function prepared<T>(build: (db: Reader) => T): (db: Reader) => T {
  return perConnection(build);
}

/**
 * The same for a statement that writes, used inside a transaction. On SQLite every transaction
 * runs on the one writer connection, so the statement is built once; on PostgreSQL each
 * transaction is a new object and the statement is built for it (correct, only not reused).
 */
export function preparedWrite<T>(build: (tx: Tx) => T): (tx: Tx) => T {
  return perConnection(build);
}

function perConnection<D extends object, T>(build: (db: D) => T): (db: D) => T {
  // Keyed by the connection: tests open many databases in one process, and a statement belongs
  // to the connection that compiled it.
  const statements = new WeakMap<D, T>();
  return (db) => {
    let statement = statements.get(db);
    if (statement === undefined) statements.set(db, (statement = build(db)));
    return statement;
  };
}

/**
 * A statement whose shape depends on a count (of ids in a list, of rows in an insert), prepared
 * once per count and connection: `build(db, count)` writes one placeholder per item. On the
 * writer connection (preparedWrite) or a reader (prepared) alike.
 */
export function preparedPerCount<D extends object, T>(build: (db: D, count: number) => T): (db: D, count: number) => T {
  const byCount = new Map<number, (db: D) => T>();
  return (db, count) => {
    let forCount = byCount.get(count);
    if (!forCount) byCount.set(count, (forCount = perConnection((d: D) => build(d, count))));
    return forCount(db);
  };
}

/**
 * A statement over a short list of ids (a customer's relationships, a portal's brokers), prepared
 * once per list length: `build` gets one placeholder per id. Longer lists than `maxPrepared` are
 * rare and built with their values each time. On a reader, or on a transaction's writer (`tx: Tx`
 * in `build`) as with preparedWrite; other placeholders of the statement are passed beside `params`.
 *
 *   const byIds = preparedForIds((db, ids) => db.select().from(t).where(inArray(t.id, ids)).prepare());
 *   const [statement, params] = byIds(ctx.db, ids);
 *   await statement.execute(params)
 */
export function preparedForIds<T, D extends object = Reader>(build: (db: D, ids: (string | Placeholder)[]) => T, maxPrepared = 8) {
  const perCount = preparedPerCount((db: D, count: number) => build(db, Array.from({ length: count }, (_, i) => sql.placeholder(`id${i}`))));
  return (db: D, ids: readonly string[]): [statement: T, params: Record<string, string>] => {
    if (ids.length > maxPrepared) return [build(db, [...ids]), {}];
    return [perCount(db, ids.length), Object.fromEntries(ids.map((id, i) => [`id${i}`, id]))];
  };
}

/** `{ key: sql.placeholder(key) }` for each key: the values of a prepared insert or update, named as the row's fields. */
export function placeholders<K extends string>(...keys: K[]): Record<K, Placeholder> {
  return Object.fromEntries(keys.map((key) => [key, sql.placeholder(key)])) as unknown as Record<K, Placeholder>;
}

/**
 * A placeholder bound exactly as given, without its column's conversion. Drizzle converts a
 * placeholder's value with the column's encoder, which turns a null date into an error and a null
 * JSON value into the text "null"; nullable dates (timeParam) and JSON (JSON.stringify) are bound
 * with this, converted by the caller. An update's `set` takes this form only (its types refuse a
 * bare placeholder).
 */
export const given = (name: string) => sql`${sql.placeholder(name)}`;
