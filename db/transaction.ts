// How a database runs a transaction. Services never see the difference: they hand `transaction`
// async work and get its result once it has committed.
//
// SQLite allows one writer at a time. Transactions run on a connection of their own (see
// openDatabase), one after another: a queue in this process, then BEGIN IMMEDIATE, which takes
// SQLite's write lock at once (so two writers never dead-end upgrading a read lock, and a CLI
// process writing beside the server waits its turn through the busy timeout).
//
// PostgreSQL runs transactions side by side, at READ COMMITTED. The services were written for
// one writer at a time (check a limit, then insert; read the chain head, then append), so each
// transaction first takes one advisory lock: writers across every instance take turns exactly as
// they do on SQLite, and readers never wait. The job queue's claim is the exception (db/jobs.ts).
// Within an instance transactions also queue before taking a pooled connection: a transaction
// that holds the lock may read through the pool (ctx.db), and must never find every connection
// taken by others waiting for that lock.
import { AsyncLocalStorage } from "node:async_hooks";
import { sql } from "drizzle-orm";
import type { BunSQLiteDatabase } from "drizzle-orm/bun-sqlite";
import type { Db, PgDb, Tx } from "./types.ts";
import { instanceState } from "../src/lib/instance-state.ts";

type SqliteWriter = BunSQLiteDatabase<Record<string, unknown>> & { $client: import("bun:sqlite").Database };

/** The advisory lock every PostgreSQL write transaction takes (any constant; ours). */
export const WRITE_LOCK = 7_318_204_551;

type Engine = (
  | { kind: "sqlite"; writer: SqliteWriter }
  | { kind: "postgres"; db: PgDb }
) & {
  /** each transaction starts when the one before it in this process has finished */
  tail: Promise<void>;
  /** transactions this process has committed (or rolled back): part of the change counters' values (db/change-counters.ts) */
  commits: number;
};

const engines = instanceState("database engines", "per process", "this process's connections to each database it opened, and its queue of writers", new WeakMap<object, Engine>());
/** The transaction the current async call chain is inside, to refuse nesting (it would wait on itself). */
const current = instanceState("transaction in progress", "per process", "an async call chain runs in one process", new AsyncLocalStorage<object>());

export function registerSqliteWriter(reader: object, writer: object): void {
  engines.set(reader, { kind: "sqlite", writer: writer as SqliteWriter, tail: Promise.resolve(), commits: 0 });
}

export function registerPostgres(db: PgDb): void {
  engines.set(db, { kind: "postgres", db, tail: Promise.resolve(), commits: 0 });
}

export function engineOf(db: Db): Engine {
  const engine = engines.get(db);
  if (!engine) throw new Error("This database was not opened by openDatabase");
  return engine;
}

export function sqliteWriterOf(db: Db): SqliteWriter {
  const engine = engineOf(db);
  if (engine.kind !== "sqlite") throw new Error("This needs the SQLite database (DATA_DIR), not PostgreSQL");
  return engine.writer;
}

export async function transaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  const engine = engineOf(db);
  if (current.getStore() === db) throw new Error("A transaction was started inside another one; pass the open transaction down instead");
  const previous = engine.tail;
  let done!: () => void;
  engine.tail = new Promise((resolve) => (done = resolve));
  await previous;
  if (engine.kind === "postgres") {
    try {
      return await engine.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${WRITE_LOCK})`);
        return current.run(db, () => work(tx as unknown as Tx));
      });
    } finally {
      engine.commits++;
      done();
    }
  }
  const client = engine.writer.$client;
  try {
    client.exec("BEGIN IMMEDIATE");
    try {
      const result = await current.run(db, () => work(engine.writer as unknown as Tx));
      client.exec("COMMIT");
      return result;
    } catch (error) {
      if (client.inTransaction) client.exec("ROLLBACK");
      throw error;
    }
  } finally {
    engine.commits++;
    done();
  }
}

/** Throws when the database does not answer (the readiness check). */
export async function ping(db: Db): Promise<void> {
  const engine = engineOf(db);
  if (engine.kind === "postgres") await engine.db.execute(sql`select 1`);
  else db.$client.query("select 1").get();
}
