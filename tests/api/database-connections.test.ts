// The SQLite database's two connections (db/client.ts): reads run on the transaction connection
// whenever no transaction is open there (its page cache stays warm across its own commits), and
// on the reading connection while one is, so nothing outside a transaction ever sees what it has
// not committed, and a read transaction opened on the reading connection keeps its reads there.
import { afterAll, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { eq } from "drizzle-orm";
import { migrateDatabase, openDatabase, sqliteWriterClient, type Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { transaction } from "../../db/transaction.ts";
import { tempDir } from "../support/server.ts";

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A database of its own for each test, with one user in it. */
async function freshDatabase(): Promise<Db> {
  const dir = tempDir("portal-connections-");
  dirs.push(dir);
  const db = openDatabase(dir);
  migrateDatabase(db);
  await transaction(db, async (tx) => void (await tx.insert(users).values({ id: "u-first", email: "first@example.com" })));
  return db;
}
const emailsIn = async (db: Db) => (await db.select({ email: users.email }).from(users)).map((u) => u.email).sort();

test("a read outside a transaction never sees what an open transaction has not committed", async () => {
  const db = await freshDatabase();
  const emails = () => emailsIn(db);
  let insideSaw: string[] = [];
  let letItCommit!: () => void;
  const mayCommit = new Promise<void>((resolve) => (letItCommit = resolve));
  const writing = transaction(db, async (tx) => {
    await tx.insert(users).values({ id: "u-pending", email: "pending@example.com" });
    insideSaw = (await tx.select({ email: users.email }).from(users)).map((u) => u.email);
    await mayCommit; // other requests run meanwhile
  });
  await Bun.sleep(5);
  expect(insideSaw.sort()).toEqual(["first@example.com", "pending@example.com"]); // the transaction sees its own write
  expect(await emails()).toEqual(["first@example.com"]); // everyone else does not, yet
  const prepared = db.select().from(users).where(eq(users.id, "u-pending")).prepare();
  expect(prepared.all()).toEqual([]);
  letItCommit();
  await writing;
  expect(await emails()).toEqual(["first@example.com", "pending@example.com"]);
  expect(prepared.all().map((u) => u.email)).toEqual(["pending@example.com"]);
});

test("with no transaction open, a read runs on the transaction connection; while one is open, on the reading one", async () => {
  const db = await freshDatabase();
  const emails = () => emailsIn(db);
  // A temporary table belongs to one connection and, unqualified, hides the main table of its
  // name: which connection answered shows in the rows.
  const writer = sqliteWriterClient(db);
  writer.run("create temp table users as select * from main.users where 0");
  writer.run("insert into temp.users (id, email) values ('u-marker', 'transaction-connection@example.com')");
  try {
    expect(await emails()).toEqual(["transaction-connection@example.com"]);
    let readMeanwhile: string[] = [];
    let letItCommit!: () => void;
    const mayCommit = new Promise<void>((resolve) => (letItCommit = resolve));
    const writing = transaction(db, async () => {
      await mayCommit;
    });
    await Bun.sleep(5);
    readMeanwhile = await emails();
    letItCommit();
    await writing;
    expect(readMeanwhile).toEqual(["first@example.com"]); // main.users, through the reading connection
    expect(await emails()).toEqual(["transaction-connection@example.com"]);
  } finally {
    writer.run("drop table temp.users");
  }
  expect(await emails()).toEqual(["first@example.com"]);
});

test("a read transaction opened on the reading connection keeps every read on its snapshot (migrate-to)", async () => {
  const db = await freshDatabase();
  const emails = () => emailsIn(db);
  db.$client.exec("BEGIN");
  try {
    expect(await emails()).toEqual(["first@example.com"]); // the snapshot starts with this read
    await transaction(db, async (tx) => void (await tx.insert(users).values({ id: "u-later", email: "later@example.com" })));
    expect(await emails()).toEqual(["first@example.com"]);
  } finally {
    db.$client.exec("COMMIT");
  }
  expect(await emails()).toEqual(["first@example.com", "later@example.com"]);
});
