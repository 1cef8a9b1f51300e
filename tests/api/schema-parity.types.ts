// Type-level drift guard, checked by `npm run typecheck` (tsc includes tests/): for every table,
// the row types Drizzle infers from db/schema.pg.ts are exactly those it infers from db/schema.ts,
// so a service typed against the SQLite tables compiles and behaves the same on PostgreSQL.
// A mismatch shows as "Type 'false' is not assignable to type 'true'" on the table's name below.
// (Not a bun test: nothing runs here; tests/api/schema-parity.test.ts checks the rest at run time.)
import type { PgTable } from "drizzle-orm/pg-core";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type * as lite from "../../db/schema.ts";
import type * as pg from "../../db/schema.pg.ts";

/** True only when A and B are the same type (not merely assignable: optional vs required counts). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

type TableNames<M> = { [K in keyof M]: M[K] extends SQLiteTable | PgTable ? K : never }[keyof M];
type LiteTables = TableNames<typeof lite>;
type PgTables = TableNames<typeof pg>;

/** The same tables are exported on both sides. */
export const sameTables: Same<LiteTables, PgTables> = true;

type Row<M, K extends keyof M, Kind extends "$inferSelect" | "$inferInsert"> = M[K] extends Record<Kind, infer R> ? R : never;

type Parity<Kind extends "$inferSelect" | "$inferInsert"> = {
  [K in LiteTables & PgTables]: Same<Row<typeof lite, K, Kind>, Row<typeof pg, K, Kind>>;
};
type AllTrue<T> = { [K in keyof T]: true };

export const selectRowsMatch: AllTrue<Parity<"$inferSelect">> = {} as Parity<"$inferSelect">;
export const insertRowsMatch: AllTrue<Parity<"$inferInsert">> = {} as Parity<"$inferInsert">;

// Mutual assignability, spelled out too: a PostgreSQL row can be used where a SQLite one is typed
// and the other way round (this is what the services rely on).
type Assignable<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Mutual<Kind extends "$inferSelect" | "$inferInsert"> = {
  [K in LiteTables & PgTables]: Assignable<Row<typeof lite, K, Kind>, Row<typeof pg, K, Kind>>;
};
export const selectMutual: AllTrue<Mutual<"$inferSelect">> = {} as Mutual<"$inferSelect">;
export const insertMutual: AllTrue<Mutual<"$inferInsert">> = {} as Mutual<"$inferInsert">;
