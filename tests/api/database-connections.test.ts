// The SQLite database's two connections (db/client.ts): reads run on the transaction connection
// whenever no transaction is open there (its page cache stays warm across its own commits), and
// on the reading connection while one is, so nothing outside a transaction ever sees what it has
// not committed, and a read transaction opened on the reading connection keeps its reads there.
import { afterAll, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { eq } from "drizzle-orm";
import { migrateDatabase, openDatabase, sqliteWriterClient } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { transaction } from "../../db/transaction.ts";
import { tempDir } from "../support/server.ts";

const dir = tempDir("portal-connections-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const db = openDatabase(dir);
migrateDatabase(db);
const emails = async () => (await db.select({ email: users.email }).from(users)).map((u) => u.email).sort();

test("a read outside a transaction never sees what an open transaction has not committed", async () => {
  let insideSaw: string[] = [];
  let letItCommit!: () => void;
  const mayCommit = new Promise<void>((resolve) => (letItCommit = resolve));
  const writing = transaction(db, async (tx) => {
    await tx.insert(users).values({ id: "u-pending", email: "pending@example.com" });
    insideSaw = (await tx.select({ email: users.email }).from(users)).map((u) => u.email);
    await mayCommit; // other requests run meanwhile
  });
  await Bun.sleep(5);
  expect(insideSaw).toEqual(["pending@example.com"]); // the transaction sees its own write
  expect(await emails()).toEqual([]); // everyone else does not, yet
  const prepared = db.select().from(users).where(eq(users.id, "u-pending")).prepare();
  expect(prepared.all()).toEqual([]);
  letItCommit();
  await writing;
  expect(await emails()).toEqual(["pending@example.com"]);
  expect(prepared.all().map((u) => u.email)).toEqual(["pending@example.com"]);
});

test("with no transaction open, a read runs on the transaction connection; while one is open, on the reading one", async () => {
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
    expect(readMeanwhile).toEqual(["pending@example.com"]); // main.users, through the reading connection
    expect(await emails()).toEqual(["transaction-connection@example.com"]);
  } finally {
    writer.run("drop table temp.users");
  }
  expect(await emails()).toEqual(["pending@example.com"]);
});

test("a read transaction opened on the reading connection keeps every read on its snapshot (migrate-to)", async () => {
  db.$client.exec("BEGIN");
  try {
    expect(await emails()).toEqual(["pending@example.com"]); // the snapshot starts with this read
    await transaction(db, async (tx) => void (await tx.insert(users).values({ id: "u-later", email: "later@example.com" })));
    expect(await emails()).toEqual(["pending@example.com"]);
  } finally {
    db.$client.exec("COMMIT");
  }
  expect(await emails()).toEqual(["later@example.com", "pending@example.com"]);
});
