// Versions of the data for the read caches (src/lib/read-cache.ts, ctx.cache / lookups /
// brokerSessions in src/context.ts): a value that moves whenever a write the cached answers
// depend on has committed. Asking the database for such a value on every cache lookup cost more
// than the cached read itself, so the answer is shared by every request of one event-loop turn
// and this process's own commits are counted here. Figures: docs/performance.md, "The levers".
import { sql } from "drizzle-orm";
import type { Db } from "./client.ts";
import { engineOf } from "./transaction.ts";

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
 * `notCounted`: per table, columns whose update alone is no change for the cache (an API key's
 * last use, written once a minute, would otherwise drop every broker's cached session); an update
 * that sets any other column still counts.
 * PostgreSQL has no per-connection triggers to lean on: there it is changeCounter's value.
 */
export function tableChangeCounter(
  db: Db,
  tables: readonly string[],
  everything: () => string | Promise<string>,
  notCounted: Readonly<Record<string, readonly string[]>> = {},
): () => string | Promise<string> {
  const engine = engineOf(db);
  if (engine.kind === "postgres") return everything;
  const writer = engine.writer.$client;
  const counter = `changes_of_${tables.join("_")}`;
  // IF NOT EXISTS: several contexts (tests) may count the same tables on one connection.
  writer.exec(`CREATE TEMP TABLE IF NOT EXISTS ${counter} (n INTEGER NOT NULL)`);
  writer.exec(`INSERT INTO ${counter} (n) SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM ${counter})`);
  /** `UPDATE`, or `UPDATE OF` every column but the ones not counted (read again after a schema change: a new column counts). */
  const updateOf = (table: string) => {
    const skipped = notCounted[table];
    if (!skipped?.length) return "UPDATE";
    const columns = (writer.query(`select name from pragma_table_info('${table}')`).all() as { name: string }[]).map((c) => c.name).filter((name) => !skipped.includes(name));
    return `UPDATE OF ${columns.map((name) => `"${name}"`).join(", ")}`;
  };
  const countChanges = () => {
    for (const table of tables) {
      for (const change of ["INSERT", "UPDATE", "DELETE"]) {
        const name = `${counter}_${table}_${change.toLowerCase()}`;
        const event = change === "UPDATE" ? updateOf(table) : change;
        // Made again when its columns are chosen: they may have changed with the schema.
        if (event !== change) writer.exec(`DROP TRIGGER IF EXISTS temp.${name}`);
        writer.exec(`CREATE TEMP TRIGGER IF NOT EXISTS ${name} AFTER ${event} ON main.${table} BEGIN UPDATE ${counter} SET n = n + 1; END`);
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
