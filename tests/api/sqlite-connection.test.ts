// Pins the two patches of db/sqlite-connection.ts to the bun:sqlite and Drizzle they were written
// against: if an upgrade makes Drizzle compile some other way, or changes what a connection's
// prepare and close do, these fail instead of the speed quietly going (or a WAL staying behind).
// Where reads run (readOnWriterWhenIdle) is checked in full by database-connections.test.ts.
import { afterAll, expect, test } from "bun:test";
import type { Database } from "bun:sqlite";
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { closeDatabase, databaseFileName, migrateDatabase, openDatabase, sqliteWriterClient, type Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { STATEMENT_CACHE_SIZE } from "../../db/sqlite-connection.ts";
import { transaction } from "../../db/transaction.ts";
import { tempDir } from "../support/server.ts";

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function freshDatabase(): { db: Db; dir: string } {
  const dir = tempDir("portal-sqlite-connection-");
  dirs.push(dir);
  const db = openDatabase(dir);
  migrateDatabase(db);
  return { db, dir };
}

/** Every statement `prepare` hands out on this connection, in order (a spy over the patch). */
function statementsPrepared(sqlite: Database): { sql: string; statement: unknown }[] {
  const seen: { sql: string; statement: unknown }[] = [];
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((query: string, ...rest: unknown[]) => {
    const statement = (prepare as (...a: unknown[]) => unknown)(query, ...rest);
    seen.push({ sql: query, statement });
    return statement;
  }) as Database["prepare"];
  return seen;
}

test("Drizzle compiles through the connection's prepare, and the same SQL gets the same compiled statement", async () => {
  const { db } = freshDatabase();
  const writer = sqliteWriterClient(db);
  const seen = statementsPrepared(writer);
  const insert = (id: string) => transaction(db, async (tx) => void (await tx.insert(users).values({ id, email: `${id}@example.com` })));
  await insert("u-one");
  await insert("u-two");
  const inserts = seen.filter((s) => s.sql.startsWith("insert into"));
  expect(inserts).toHaveLength(2); // Drizzle still asks the connection to compile (the patch's hook)
  expect(inserts[1]!.statement).toBe(inserts[0]!.statement); // compiled once, handed back the second time
  closeDatabase(db);
});

test("a statement given its values when compiled is not kept; other SQL gets its own statement", () => {
  const { db } = freshDatabase();
  const writer = sqliteWriterClient(db);
  expect(writer.prepare("select 1 as n")).toBe(writer.prepare("select 1 as n"));
  expect(writer.prepare("select 2 as n")).not.toBe(writer.prepare("select 1 as n"));
  const oneOff = writer.prepare("select ?1 as n", [5]);
  expect(oneOff).not.toBe(writer.prepare("select ?1 as n", [5]));
  expect(oneOff.get()).toEqual({ n: 5 });
  closeDatabase(db);
});

test("the cache keeps the most recently used statements, up to its size", () => {
  const { db } = freshDatabase();
  const writer = sqliteWriterClient(db);
  const first = writer.prepare("select 0 as n");
  for (let i = 1; i < STATEMENT_CACHE_SIZE; i++) writer.prepare(`select ${i} as n`);
  expect(writer.prepare("select 0 as n")).toBe(first); // still there: the cache is full, not over
  for (let i = 1; i <= STATEMENT_CACHE_SIZE; i++) writer.prepare(`select ${i + STATEMENT_CACHE_SIZE} as n`);
  expect(writer.prepare("select 0 as n")).not.toBe(first); // pushed out by as many newer ones
  closeDatabase(db);
});

test("a cached statement still answers after the schema changes under it", () => {
  const { db } = freshDatabase();
  const writer = sqliteWriterClient(db);
  writer.run("create table things (a integer)");
  writer.run("insert into things (a) values (1)");
  const count = () => (writer.prepare("select count(*) as n from things").get() as { n: number }).n;
  expect(count()).toBe(1);
  writer.run("alter table things add column b text");
  writer.run("insert into things (a, b) values (2, 'x')");
  expect(count()).toBe(2);
  closeDatabase(db);
});

test("closing finalizes the kept statements, so the connections really close and the WAL is removed", async () => {
  const { db, dir } = freshDatabase();
  await transaction(db, async (tx) => void (await tx.insert(users).values({ id: "u-one", email: "one@example.com" })));
  expect((await db.select().from(users).where(eq(users.id, "u-one"))).map((u) => u.email)).toEqual(["one@example.com"]);
  expect(existsSync(join(dir, `${databaseFileName}-wal`))).toBe(true);
  closeDatabase(db);
  expect(existsSync(join(dir, `${databaseFileName}-wal`))).toBe(false);
});

test("with no transaction open, Drizzle's reads on the reading connection run on the transaction connection", async () => {
  const { db } = freshDatabase();
  const writer = sqliteWriterClient(db);
  // A temporary table belongs to one connection and hides the main table of its name.
  writer.run("create temp table users as select * from main.users where 0");
  writer.run("insert into temp.users (id, email) values ('u-marker', 'transaction-connection@example.com')");
  expect((await db.select({ email: users.email }).from(users)).map((u) => u.email)).toEqual(["transaction-connection@example.com"]);
  writer.run("drop table temp.users");
  closeDatabase(db);
});
