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

type SqliteWriter = BunSQLiteDatabase<Record<string, unknown>> & { $client: import("bun:sqlite").Database };

/** The advisory lock every PostgreSQL write transaction takes (any constant; ours). */
export const WRITE_LOCK = 7_318_204_551;

type Engine = (
  | { kind: "sqlite"; writer: SqliteWriter }
  | { kind: "postgres"; db: PgDb }
) & {
  /** each transaction starts when the one before it in this process has finished */
  tail: Promise<void>;
  /** transactions this process has committed (or rolled back): part of changeCounter's value */
  commits: number;
};

const engines = new WeakMap<object, Engine>();
/** The transaction the current async call chain is inside, to refuse nesting (it would wait on itself). */
const current = new AsyncLocalStorage<object>();

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

/** `ask`'s answer, asked once per event-loop turn and shared by every call in that turn. */
function perTurn<T>(ask: () => T): () => T {
  let asked: { answer: T } | undefined;
  return () => {
    if (asked === undefined) {
      asked = { answer: ask() };
      setImmediate(() => (asked = undefined));
    }
    return asked.answer;
  };
}

/**
 * A value that changes whenever any connection, process or instance commits a write, for caches
 * of reads (src/lib/read-cache.ts).
 *
 * Asking the database costs a read lock on SQLite (~2 µs, more than a cached read itself) and a
 * round trip on PostgreSQL, and a request asks several times (its session, its link, its
 * response). So the database's answer is asked once per event-loop turn and shared by the
 * requests served in that turn, and this process's own commits move the value at once (the
 * count of commits through `transaction`, read on every call). A commit by another process or
 * instance is seen from the next turn: as if the request had arrived a moment earlier.
 */
export function changeCounter(db: Db): () => string | Promise<string> {
  const engine = engineOf(db);
  if (engine.kind === "postgres") {
    // The server's current snapshot (xmin:xmax:in-progress ids) as text: any commit or rollback,
    // by any instance, the CLI or psql, moves xmax or leaves the in-progress list, and reads that
    // write nothing never change it. One round trip with no table read; the value is the
    // server's, so every instance sees a commit without a message between instances.
    const snapshot = sql`select pg_current_snapshot()::text as s`;
    const server = perTurn(async () => ((await engine.db.execute(snapshot)) as unknown as { s: string }[])[0]!.s);
    return async () => `${engine.commits}:${await server()}`;
  }
  // PRAGMA data_version for commits by any other connection (the transaction connection, the
  // CLI), and total_changes() for writes on the reading connection itself, which `transaction`
  // never makes but a raw statement might: one statement, once per turn like PostgreSQL's
  // snapshot. total_changes() was asked on every call, up to three statements per request (a
  // fifth of a cached read's CPU with the rest of this function). A raw write on the reading
  // connection is therefore seen from the next turn, as another process's is; this process's
  // transactions, counted above, at once.
  const versions = db.$client.query("select total_changes() as n, data_version as v from pragma_data_version()");
  const database = perTurn(() => {
    const row = versions.get() as { n: number; v: number };
    return `${row.n}:${row.v}`;
  });
  return () => `${engine.commits}:${database() as string}`;
}

/**
 * Like changeCounter, but moved only by changes to `tables` (and by any other connection's
 * commit), for a cache whose answers come from those tables alone: the broker's session lookup
 * (sessions, users) was recomputed after every document written, 3 of 4 requests under the
 * writes bench at ~70 µs each.
 *
 * On SQLite the database itself counts: temporary triggers on the transaction connection add one
 * to a temporary counter for every row inserted, updated or deleted in `tables` there (foreign-key
 * cascades fire them too), and PRAGMA data_version there moves with any other connection's commit
 * (the CLI, another process, a raw write on the reading connection). While a transaction is open
 * on that connection the counter may hold what it has not committed, so every call then answers a
 * value never given before: nothing is cached under a version its commit would not move. Asked
 * once per turn, and the counter again after each of this process's transactions.
 * PostgreSQL has no per-connection triggers to lean on: there it is changeCounter's value.
 */
export function tableChangeCounter(db: Db, tables: readonly string[], everything: () => string | Promise<string>): () => string | Promise<string> {
  const engine = engineOf(db);
  if (engine.kind === "postgres") return everything;
  const writer = engine.writer.$client;
  const counter = `changes_of_${tables.join("_")}`;
  // IF NOT EXISTS: several contexts (tests) may count the same tables on one connection.
  writer.exec(`CREATE TEMP TABLE IF NOT EXISTS ${counter} (n INTEGER NOT NULL)`);
  writer.exec(`INSERT INTO ${counter} (n) SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM ${counter})`);
  const countChanges = () => {
    for (const table of tables) {
      for (const change of ["INSERT", "UPDATE", "DELETE"]) {
        writer.exec(`CREATE TEMP TRIGGER IF NOT EXISTS ${counter}_${table}_${change.toLowerCase()} AFTER ${change} ON main.${table} BEGIN UPDATE ${counter} SET n = n + 1; END`);
      }
    }
  };
  countChanges();
  // Other connections' commits and the schema's version once per turn (~2.5 µs); the counter
  // again after each of this process's transactions (~0.5 µs), nearly every call under writes.
  const versions = writer.query(`select (select n from ${counter}) as n, data_version as v, (select schema_version from pragma_schema_version()) as s from pragma_data_version()`);
  const counted = writer.query(`select n from ${counter}`);
  let schema = (versions.get() as { s: number }).s;
  const thisTurn = perTurn(() => {
    const row = versions.get() as { n: number; v: number; s: number };
    // A table rebuilt through this connection (a migration after start) takes its temporary
    // triggers with it, uncounted changes and all: they are made again, and the schema's
    // version is part of this one, so nothing cached before the rebuild is used after it.
    if (row.s !== schema) {
      countChanges();
      schema = row.s;
    }
    return { others: `${row.v}:${row.s}`, n: row.n, commits: engine.commits };
  });
  let uncommitted = 0;
  return () => {
    if (writer.inTransaction) return `open:${++uncommitted}`;
    const turn = thisTurn();
    if (turn.commits !== engine.commits) {
      turn.n = (counted.get() as { n: number }).n;
      turn.commits = engine.commits;
    }
    return `${turn.n}:${turn.others}`;
  };
}
