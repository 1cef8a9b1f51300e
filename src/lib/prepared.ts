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
import type { Db } from "../../db/client.ts";

export function prepared<T>(build: (db: Db) => T): (db: Db) => T {
  // Keyed by the connection: tests open many databases in one process, and a statement belongs
  // to the connection that compiled it.
  const statements = new WeakMap<Db, T>();
  return (db) => {
    let statement = statements.get(db);
    if (statement === undefined) statements.set(db, (statement = build(db)));
    return statement;
  };
}
