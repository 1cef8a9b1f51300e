// The PostgreSQL schema (db/schema.pg.ts) declares the same tables as the SQLite one
// (db/schema.ts): same names, nullability, defaults, keys, indexes and foreign keys. Services are
// written once against the SQLite tables' types and run on either, so a column added to one side
// only must fail here (the types themselves are compared by tests/api/schema-parity.types.ts,
// which `npm run typecheck` checks).
import { describe, expect, test } from "bun:test";
import { getTableColumns, getTableName, is, SQL } from "drizzle-orm";
import { getTableConfig as pgConfig, integer as pgInteger, PgDialect, PgTable, pgTable, text as pgText } from "drizzle-orm/pg-core";
import { getTableConfig as liteConfig, integer as liteInteger, SQLiteSyncDialect, SQLiteTable, sqliteTable, text as liteText } from "drizzle-orm/sqlite-core";
import * as lite from "../../db/schema.ts";
import * as pg from "../../db/schema.pg.ts";

/** What each SQLite column type becomes in PostgreSQL (db/schema.pg.ts says why). */
const TYPE_FAMILIES: Record<string, string[]> = {
  SQLiteText: ["PgText"],
  SQLiteInteger: ["PgInteger", "PgBigInt53"],
  SQLiteTimestamp: ["PgTimestamp"],
  SQLiteBoolean: ["PgBoolean"],
  SQLiteTextJson: ["PgJsonb"],
  SQLiteBlobBuffer: ["PgCustomColumn"],
};

/** Index expressions SQLite and PostgreSQL write differently but mean the same by. */
const INDEX_EXPRESSIONS: Record<string, string> = {
  // PostgreSQL has no nocase collation; lower() orders ASCII the same way.
  '"name" collate nocase': 'lower("name")',
};

const liteDialect = new SQLiteSyncDialect();
const pgDialect = new PgDialect();

type AnyTable = SQLiteTable | PgTable;

function tablesOf(module: Record<string, unknown>, kind: typeof SQLiteTable | typeof PgTable): Map<string, AnyTable> {
  const found = new Map<string, AnyTable>();
  for (const [exportName, value] of Object.entries(module)) if (is(value, kind)) found.set(exportName, value as AnyTable);
  return found;
}

/** One table as a plain, dialect-neutral description; two equal descriptions mean the same table. */
function describeTable(table: AnyTable) {
  const isLite = is(table, SQLiteTable);
  const config = isLite ? liteConfig(table as SQLiteTable) : pgConfig(table as PgTable);
  const expression = (value: SQL) => {
    const text = (isLite ? liteDialect : pgDialect).sqlToQuery(value, "indexes").sql;
    return isLite ? (INDEX_EXPRESSIONS[text] ?? `untranslated: ${text}`) : text;
  };
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => ({
    key,
    name: column.name,
    type: isLite ? (TYPE_FAMILIES[column.columnType] ?? [`unmapped ${column.columnType}`]) : [column.columnType],
    notNull: column.notNull,
    hasDefault: column.hasDefault,
    // Literal defaults must match; SQL defaults (the creation time) are written per dialect.
    default: is(column.default, SQL) ? "sql" : column.default,
    defaultFn: typeof column.defaultFn,
    onUpdateFn: typeof column.onUpdateFn,
    primary: column.primary,
    unique: column.isUnique ? (column.uniqueName ?? "unnamed") : false,
    enumValues: column.enumValues ?? null,
  }));
  const byName = <T extends { name: string }>(list: T[]) => list.toSorted((a, b) => a.name.localeCompare(b.name));
  return {
    name: config.name,
    columns,
    primaryKeys: config.primaryKeys.map((key) => ({ name: key.getName(), columns: key.columns.map((c) => c.name) })),
    uniqueConstraints: byName(config.uniqueConstraints.map((u) => ({ name: u.getName() ?? "", columns: u.columns.map((c) => c.name) }))),
    indexes: byName(
      config.indexes.map((index) => ({
        name: index.config.name ?? "",
        unique: index.config.unique,
        columns: (index.config.columns as unknown[]).map((c) => (is(c, SQL) ? expression(c) : (c as { name: string }).name)),
        where: index.config.where ? "partial" : null,
      })),
    ),
    foreignKeys: byName(
      config.foreignKeys.map((fk) => {
        const ref = fk.reference();
        return {
          name: fk.getName(),
          columns: ref.columns.map((c) => c.name),
          foreignTable: getTableName(ref.foreignTable),
          foreignColumns: ref.foreignColumns.map((c) => c.name),
          onDelete: fk.onDelete ?? "no action",
          onUpdate: fk.onUpdate ?? "no action",
        };
      }),
    ),
    checks: config.checks.map((c) => c.name).toSorted(),
  };
}

const liteTables = tablesOf(lite, SQLiteTable);
const pgTables = tablesOf(pg, PgTable);

test("both schemas export the same tables under the same names", () => {
  expect(liteTables.size).toBeGreaterThan(20);
  expect([...pgTables.keys()].toSorted()).toEqual([...liteTables.keys()].toSorted());
});

describe("each table is the same on PostgreSQL as on SQLite", () => {
  for (const [exportName, liteTable] of liteTables) {
    test(exportName, () => {
      const pgTable = pgTables.get(exportName);
      expect(pgTable).toBeDefined();
      const expected = describeTable(liteTable);
      // Every SQLite column type and index expression has a known PostgreSQL counterpart.
      expect(JSON.stringify(expected)).not.toMatch(/unmapped|untranslated/);
      const actual = describeTable(pgTable!);
      // Each column's own type must be one of those its SQLite type may become.
      actual.columns.forEach((column, i) => {
        const allowed = expected.columns[i]?.type ?? [];
        expect(allowed).toContain(column.type[0]!);
        column.type = allowed;
      });
      expect(actual).toEqual(expected);
    });
  }
});

// The comparison itself must be able to fail: a column, an index or a foreign-key action on one
// side only is a difference.
test("a column, index or foreign-key action on one side only is told apart", () => {
  const liteParent = sqliteTable("parent", { id: liteText("id").primaryKey() });
  const pgParent = pgTable("parent", { id: pgText("id").primaryKey() });
  const liteChild = sqliteTable("child", {
    id: liteText("id").primaryKey(),
    parentId: liteText("parent_id").references(() => liteParent.id, { onDelete: "cascade" }),
    count: liteInteger("count").notNull().default(0),
  });
  const same = describeTable(
    pgTable("child", {
      id: pgText("id").primaryKey(),
      parentId: pgText("parent_id").references(() => pgParent.id, { onDelete: "cascade" }),
      count: pgInteger("count").notNull().default(0),
    }),
  );
  const normalize = (d: ReturnType<typeof describeTable>) => ({ ...d, columns: d.columns.map((c) => ({ ...c, type: [] })) });
  expect(normalize(same)).toEqual(normalize(describeTable(liteChild)));

  const extraColumn = pgTable("child", {
    id: pgText("id").primaryKey(),
    parentId: pgText("parent_id").references(() => pgParent.id, { onDelete: "cascade" }),
    count: pgInteger("count").notNull().default(0),
    extra: pgText("extra"),
  });
  const setNull = pgTable("child", {
    id: pgText("id").primaryKey(),
    parentId: pgText("parent_id").references(() => pgParent.id, { onDelete: "set null" }),
    count: pgInteger("count").notNull().default(0),
  });
  const otherDefault = pgTable("child", {
    id: pgText("id").primaryKey(),
    parentId: pgText("parent_id").references(() => pgParent.id, { onDelete: "cascade" }),
    count: pgInteger("count").notNull().default(1),
  });
  for (const different of [extraColumn, setNull, otherDefault]) {
    expect(normalize(describeTable(different))).not.toEqual(normalize(describeTable(liteChild)));
  }
});
