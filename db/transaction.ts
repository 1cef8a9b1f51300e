// How a database runs a transaction. Services never see the difference: they hand `transaction`
// async work and get its result once it has committed.
//
// SQLite allows one writer at a time. Transactions run on a connection of their own (see
// openDatabase), one after another: a queue in this process, then BEGIN IMMEDIATE, which takes
// SQLite's write lock at once (so two writers never dead-end upgrading a read lock, and a CLI
// process writing beside the server waits its turn through the busy timeout).
import { AsyncLocalStorage } from "node:async_hooks";
import type { BunSQLiteDatabase } from "drizzle-orm/bun-sqlite";
import type { Db, Tx } from "./client.ts";

type Writer = BunSQLiteDatabase<Record<string, unknown>> & { $client: import("bun:sqlite").Database };

interface SqliteWriter {
  db: Writer;
  /** The end of the queue: each transaction starts when the one before it has finished. */
  tail: Promise<void>;
}

const writers = new WeakMap<object, SqliteWriter>();
/** The transaction the current async call chain is inside, to refuse nesting (it would wait on itself). */
const current = new AsyncLocalStorage<object>();

export function registerSqliteWriter(reader: object, db: object): void {
  writers.set(reader, { db: db as Writer, tail: Promise.resolve() });
}

export function sqliteWriterOf(db: Db): Writer {
  const writer = writers.get(db);
  if (!writer) throw new Error("This database was not opened by openDatabase");
  return writer.db;
}

export async function transaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  const writer = writers.get(db);
  if (!writer) throw new Error("This database was not opened by openDatabase");
  if (current.getStore() === db) throw new Error("A transaction was started inside another one; pass the open transaction down instead");
  const previous = writer.tail;
  let done!: () => void;
  writer.tail = new Promise((resolve) => (done = resolve));
  await previous;
  const client = writer.db.$client;
  try {
    client.exec("BEGIN IMMEDIATE");
    try {
      const result = await current.run(db, () => work(writer.db as unknown as Tx));
      client.exec("COMMIT");
      return result;
    } catch (error) {
      if (client.inTransaction) client.exec("ROLLBACK");
      throw error;
    }
  } finally {
    done();
  }
}

/** Throws when the database does not answer (the readiness check). */
export async function ping(db: Db): Promise<void> {
  db.$client.query("select 1").get();
}
