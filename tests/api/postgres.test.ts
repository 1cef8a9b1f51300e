// The PostgreSQL side of the database layer against a real PostgreSQL (tests/support/postgres.ts):
// the migrations build every table of db/schema.pg.ts, applying them again changes nothing, several
// instances migrating at once take turns, and a row of each kind of column comes back from
// PostgreSQL exactly as the same row comes back from SQLite (so services see the same values).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { eq, getTableColumns, getTableName, is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { closeDatabase, migrateDatabase, openDatabase, type Db } from "../../db/client.ts";
import { appliedPgMigrationCount, closePostgres, migratePostgres, openPostgres, readPgMigrationsFromDisk, type PgDb } from "../../db/postgres.ts";
import * as lite from "../../db/schema.ts";
import * as pg from "../../db/schema.pg.ts";
import type { TemplateDocument } from "../../src/shared/checklist-templates.ts";
import { createEmptyDatabase, createTestDatabase, POSTGRES_MISSING, postgresInstalled } from "../support/postgres.ts";
import { tempDir } from "../support/server.ts";
import { changeCounter } from "../../db/change-counters.ts";
import { registerPostgres, transaction } from "../../db/transaction.ts";

if (!postgresInstalled) console.log(`SKIPPED postgres: ${POSTGRES_MISSING}`);

const pgTables = Object.values(pg).filter((value) => is(value, PgTable)) as PgTable[];
const opened: PgDb[] = [];
const open = (url: string) => {
  const db = openPostgres(url);
  opened.push(db);
  return db;
};
afterAll(async () => {
  await Promise.all(opened.map(closePostgres));
});

describe.skipIf(!postgresInstalled)("PostgreSQL migrations", () => {
  test("build every table, column, type and index of db/schema.pg.ts in an empty database, and re-run as a no-op", async () => {
    const db = open(await createEmptyDatabase());
    const migrations = readPgMigrationsFromDisk();
    expect(migrations.length).toBeGreaterThan(0);
    expect(await appliedPgMigrationCount(db)).toBe(0);

    // As the compiled executable has them: a JSON copy (scripts/compile.ts).
    await migratePostgres(db, JSON.parse(JSON.stringify(migrations)));
    expect(await appliedPgMigrationCount(db)).toBe(migrations.length);

    const columns = await db.$client<{ table_name: string; column_name: string; type: string; not_null: boolean; has_default: boolean }[]>`
      select c.relname as table_name, a.attname as column_name, format_type(a.atttypid, a.atttypmod) as type,
             a.attnotnull as not_null, a.atthasdef as has_default
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped`;
    const indexes = await db.$client<{ tablename: string; indexname: string }[]>`select tablename, indexname from pg_indexes where schemaname = 'public'`;
    const foreignKeys = await db.$client<{ conname: string; deltype: string }[]>`select conname, confdeltype as deltype from pg_constraint where contype = 'f'`;

    const inDatabase = (table: string) =>
      columns
        .filter((c) => c.table_name === table)
        .map(({ column_name, type, not_null, has_default }) => ({ name: column_name, type, notNull: not_null, hasDefault: has_default }))
        .toSorted((a, b) => a.name.localeCompare(b.name));
    expect(new Set(columns.map((c) => c.table_name))).toEqual(new Set(pgTables.map(getTableName)));

    const DELETE_ACTIONS: Record<string, string> = { a: "no action", c: "cascade", n: "set null", r: "restrict", d: "set default" };
    for (const table of pgTables) {
      const config = getTableConfig(table);
      const declared = config.columns
        .map((c) => ({ name: c.name, type: c.getSQLType().replace("timestamp (3)", "timestamp(3)"), notNull: c.notNull, hasDefault: c.default !== undefined }))
        .toSorted((a, b) => a.name.localeCompare(b.name));
      expect({ table: config.name, columns: inDatabase(config.name) }).toEqual({ table: config.name, columns: declared });

      const names = new Set(indexes.filter((i) => i.tablename === config.name).map((i) => i.indexname));
      for (const index of config.indexes) expect(names).toContain(index.config.name!);
      for (const column of config.columns) if (column.isUnique) expect(names).toContain(column.uniqueName!);
      for (const fk of config.foreignKeys) {
        const found = foreignKeys.find((f) => f.conname === fk.getName());
        expect({ fk: fk.getName(), onDelete: found && DELETE_ACTIONS[found.deltype] }).toEqual({ fk: fk.getName(), onDelete: fk.onDelete ?? "no action" });
      }
    }

    // Again: nothing left to apply, nothing recorded twice.
    await migratePostgres(db);
    expect(await appliedPgMigrationCount(db)).toBe(migrations.length);
  });

  test("instances migrating one database at once take turns and apply each migration once", async () => {
    const url = await createEmptyDatabase();
    const instances = [open(url), open(url), open(url)];
    await Promise.all(instances.map((db) => migratePostgres(db)));
    expect(await appliedPgMigrationCount(instances[0]!)).toBe(readPgMigrationsFromDisk().length);
  });
});

describe.skipIf(!postgresInstalled)("a row of each kind of column reads back the same from PostgreSQL as from SQLite", () => {
  const dir = tempDir();
  const sqlite = openDatabase(dir);
  migrateDatabase(sqlite);
  afterAll(() => {
    closeDatabase(sqlite);
    rmSync(dir, { recursive: true, force: true });
  });
  let postgresDb: PgDb;
  const postgres = async () => (postgresDb ??= open(await createTestDatabase()));

  // Millisecond times, including the last millisecond of a day and one before 1970.
  const at = new Date(Date.UTC(2026, 0, 31, 23, 59, 59, 987));
  const early = new Date(Date.UTC(1969, 6, 20, 20, 17, 40, 1));
  // The broker and customer the other rows belong to, in both databases before any test.
  const broker = { id: "broker-1", email: "bree@example.com" } satisfies typeof lite.users.$inferInsert;
  const workspace = { id: broker.id, name: "Bree", claimedDomains: [] } satisfies typeof lite.workspaces.$inferInsert;
  const customer = { id: "customer-1", workspaceId: workspace.id, assigneeId: broker.id, email: "sam@example.com", name: "Sam", uploadLink: "link-1", invitedAt: at } satisfies typeof lite.customers.$inferInsert;
  beforeAll(async () => {
    const db = await postgres();
    for (const [table, values] of [["users", broker], ["workspaces", workspace], ["customers", customer]] as const) {
      await transaction(sqlite, (tx) => tx.insert(lite[table]).values(values as never));
      await db.insert(pg[table]).values(values as never);
    }
  });

  /** Inserts the same values through both schemas and reads the row back from each. */
  async function roundTrip<K extends keyof typeof lite & keyof typeof pg>(name: K, values: Record<string, unknown>, idColumn = "id") {
    const liteTable = lite[name] as unknown as SQLiteTable;
    const pgTable = pg[name] as unknown as PgTable;
    const liteId = (getTableColumns(liteTable) as Record<string, any>)[idColumn];
    const pgId = (getTableColumns(pgTable) as Record<string, any>)[idColumn];
    const db = await postgres();
    await transaction(sqlite, (tx) => tx.insert(liteTable as never).values(values as never));
    await db.insert(pgTable).values(values as never);
    const [fromSqlite] = await sqlite.select().from(liteTable).where(eq(liteId, values[idColumn]));
    const [fromPostgres] = await db.select().from(pgTable).where(eq(pgId, values[idColumn]));
    return { fromSqlite: fromSqlite as Record<string, unknown>, fromPostgres: fromPostgres as Record<string, unknown> };
  }

  test("text, nullable text and times; the default creation time is a Date on both", async () => {
    const before = Date.now();
    const values = { id: "broker-2", email: "bree.2@example.com", firstName: "Brée 🏠", disabledAt: at } satisfies typeof lite.users.$inferInsert;
    const { fromSqlite, fromPostgres } = await roundTrip("users", values);
    const after = Date.now();
    expect(fromSqlite).toMatchObject({ ...values, passwordHash: null, oidcSubject: null });
    for (const row of [fromSqlite, fromPostgres]) {
      const created = row.createdAt as Date;
      expect(created).toBeInstanceOf(Date);
      // SQLite's default is whole seconds; PostgreSQL's has milliseconds.
      expect(created.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
      expect(created.getTime()).toBeLessThanOrEqual(after);
    }
    expect({ ...fromPostgres, createdAt: null }).toEqual({ ...fromSqlite, createdAt: null });
  });

  test("enum text with its default, and a time before 1970", async () => {
    const values = { ...customer, id: "customer-2", uploadLink: "link-2", email: "kim@example.com", invitedAt: early, createdAt: at };
    const { fromSqlite, fromPostgres } = await roundTrip("customers", values);
    expect(fromSqlite).toMatchObject({ invitationStatus: "pending", invitedAt: early, createdAt: at, acceptedAt: null });
    expect(fromPostgres).toEqual(fromSqlite);
  });

  test("JSON, byte sizes past 2 GiB, integers and millisecond times", async () => {
    const checkReport = {
      kind: "pdf",
      pageCount: 3,
      restricted: false,
      passwordProtected: true,
      width: null,
      height: 1.5,
      orientationApplied: false,
      locationRemoved: true,
      metadataRemoved: false,
      convertedFrom: "heic",
      virusScan: "clean",
      rules: ["PDF ≤ 10 MB", "quote \" and backslash \\", ""],
    } as const;
    const values = {
      id: "document-1",
      customerId: customer.id,
      workspaceId: workspace.id,
      name: "Paystub",
      dueDate: at,
      fileSize: 5_000_000_123,
      pageCount: 2_147_483_647,
      checkReport: { ...checkReport, rules: [...checkReport.rules] },
      createdAt: early,
    } satisfies typeof lite.documents.$inferInsert;
    const { fromSqlite, fromPostgres } = await roundTrip("documents", values);
    expect(fromSqlite).toMatchObject({ ...values, status: "requested", acceptanceRules: null, description: null });
    expect(fromPostgres).toEqual(fromSqlite);
    expect(typeof fromPostgres.fileSize).toBe("number");
  });

  test("booleans and JSON metadata, set and left to their defaults", async () => {
    const base = { audience: "broker", brokerId: broker.id, type: "upload", title: "T", message: "M", createdAt: at } satisfies Partial<typeof lite.notifications.$inferInsert>;
    const unread = await roundTrip("notifications", { ...base, id: "n-1" });
    expect(unread.fromSqlite).toMatchObject({ read: false, metadata: null, customerId: null });
    expect(unread.fromPostgres).toEqual(unread.fromSqlite);
    const read = await roundTrip("notifications", { ...base, id: "n-2", read: true, metadata: { nested: { list: [1, "two", null, true] }, n: -0.25 } });
    expect(read.fromSqlite).toMatchObject({ read: true, metadata: { nested: { list: [1, "two", null, true] }, n: -0.25 } });
    expect(read.fromPostgres).toEqual(read.fromSqlite);
  });

  test("bytes (the workspace logo) come back as an equal Buffer", async () => {
    const data = Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 7) % 256));
    const { fromSqlite, fromPostgres } = await roundTrip("workspaceLogos", { workspaceId: broker.id, key: "logo-1", mimeType: "image/png", data, createdAt: at }, "workspaceId");
    for (const row of [fromSqlite, fromPostgres]) {
      expect(Buffer.isBuffer(row.data)).toBe(true);
      expect(Buffer.compare(row.data as Buffer, data)).toBe(0);
    }
    expect(fromPostgres).toEqual(fromSqlite);
  });

  test("jobs: JSON that must be there, integer defaults, a null unique key twice", async () => {
    const base = { kind: "email", status: "pending", runAt: at, createdAt: at } satisfies Partial<typeof lite.jobs.$inferInsert>;
    const first = await roundTrip("jobs", { ...base, id: "job-1", payload: { emailId: "e-1" } });
    const second = await roundTrip("jobs", { ...base, id: "job-2", payload: {}, attempts: 3 });
    expect(first.fromSqlite).toMatchObject({ payload: { emailId: "e-1" }, attempts: 0, maxAttempts: 8, dedupeKey: null, lockedUntil: null });
    expect(second.fromSqlite).toMatchObject({ payload: {}, attempts: 3 });
    expect(first.fromPostgres).toEqual(first.fromSqlite);
    expect(second.fromPostgres).toEqual(second.fromSqlite);
  });

  test("a JSON array of objects and text defaulting to an empty string", async () => {
    const documents = [
      { name: "Photo ID", description: "", rules: null },
      {
        name: "Bank statement",
        description: "Last 3 months",
        rules: { kinds: ["pdf"], minPages: null, maxPages: 12, minImageShortSide: 600, minImageLongSide: 800, noPassword: true },
      },
    ] satisfies TemplateDocument[];
    const values = {
      id: "template-1",
      workspaceId: workspace.id,
      name: "Mortgage",
      nameKey: "mortgage",
      documents,
      createdAt: at,
      updatedAt: at,
    } satisfies typeof lite.checklistTemplates.$inferInsert;
    const { fromSqlite, fromPostgres } = await roundTrip("checklistTemplates", values);
    expect(fromSqlite).toMatchObject({ ...values, trade: "", description: "" });
    expect(fromPostgres).toEqual(fromSqlite);
  });
});

describe.skipIf(!postgresInstalled)("the read cache's change counter on PostgreSQL", () => {
  test("changes when any connection commits (another instance, psql), and not on reads", async () => {
    const url = await createTestDatabase();
    const server = open(url);
    const other = open(url); // another instance, the CLI or psql: a pool of its own
    registerPostgres(server);
    const version = changeCounter(server as unknown as Db);
    const v0 = await version();
    await server.select().from(pg.users);
    expect(await version()).toBe(v0); // reads commit nothing

    await other.insert(pg.users).values({ id: "u1", email: "a@example.com" });
    const v1 = await version();
    expect(v1).not.toBe(v0);
    expect(await version()).toBe(v1);

    await other.execute(sql`update users set email = 'b@example.com' where id = 'u1'`);
    expect(await version()).not.toBe(v1);
  });
});
