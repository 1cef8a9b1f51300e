// The two patches this app makes to a `bun:sqlite` connection, for speed only: each replaces a
// method on one connection object (never bun:sqlite's prototypes), and the app is correct
// without either. A newcomer can skip this file; tests/api/sqlite-connection.test.ts (and
// database-connections.test.ts) fail if a Bun or Drizzle upgrade stops them from applying.
// Figures: docs/performance.md, "The levers".
import type { Database } from "bun:sqlite";

type Statement = ReturnType<Database["prepare"]>;

/** `prepare(sql, values…)`: a statement given bound values when it is compiled, used once. */
const isOneOff = (rest: unknown[]) => rest.some((r) => r !== undefined);

/** How many compiled statements each connection keeps (the app has a few hundred distinct ones). */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * Drizzle compiles every query it runs (`client.prepare(sql)`), even when the same SQL ran a
 * moment ago: under the writes bench, compiling was 11 % of the server's time (26 % of its SQLite
 * time). Here the connection keeps the most recent statements by SQL text and hands the
 * compiled one back. Safe because a bun:sqlite statement runs to completion in one synchronous
 * call (all/values/run/get reset and re-bind it), so two users of one statement never
 * interleave; nothing in the app iterates a statement lazily or finalizes one. SQLite recompiles
 * a cached statement by itself after a schema change. Statements dropped from the cache are
 * not finalized (a drizzle `.prepare()` may still hold one); they are freed when collected.
 * Limits: a statement must not be finalized by its user, nor iterated across an await.
 */
export function reuseCompiledStatements(sqlite: Database): void {
  const compile = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, Statement>();
  sqlite.prepare = ((query: string, ...rest: unknown[]) => {
    // Statements given bound values at compile time are one-off: compiled as before.
    if (isOneOff(rest)) return (compile as (...a: unknown[]) => Statement)(query, ...rest);
    let statement = cache.get(query);
    if (statement) {
      cache.delete(query); // most recently used last
    } else {
      statement = compile(query);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    }
    cache.set(query, statement);
    return statement;
  }) as Database["prepare"];
  // A statement left unfinalized keeps the connection open after close() (its WAL is then not
  // checkpointed and removed): the cached ones are finalized first.
  const close = sqlite.close.bind(sqlite);
  sqlite.close = ((...args: Parameters<Database["close"]>) => {
    for (const statement of cache.values()) statement.finalize();
    cache.clear();
    return close(...args);
  }) as Database["close"];
}

/**
 * SQLite drops a connection's whole page cache when another connection has committed since its
 * last read, so under steady writes every read on the reading connection re-read its pages: the
 * session lookup right after a 10-document commit took 51 µs there against 32 µs on the
 * connection that committed (13 µs with no writes between). The transaction connection's cache
 * survives its own commits. So a read runs there whenever no transaction is open on it (checked
 * at the moment the read runs, which is synchronous, so no transaction can begin halfway), and
 * on the reading connection while one is, where it must not see what that transaction has not
 * committed. A read transaction opened on the reading connection itself (migrate-to's one
 * snapshot) keeps every read there too. Only Drizzle's reads (`all`, `values`, `get`) move;
 * anything that writes, and raw `query` calls, stay where they were sent.
 */
export function readOnWriterWhenIdle(reader: Database, writer: Database): void {
  const prepareOnReader = reader.prepare.bind(reader);
  const prepareOnWriter = writer.prepare.bind(writer);
  reader.prepare = ((query: string, ...rest: unknown[]) => {
    if (isOneOff(rest)) return (prepareOnReader as (...a: unknown[]) => Statement)(query, ...rest);
    // Both connections keep their compiled statements (reuseCompiledStatements): picking one is a lookup.
    const read = () => (writer.inTransaction || reader.inTransaction ? prepareOnReader(query) : prepareOnWriter(query));
    const own = () => prepareOnReader(query);
    return {
      all: (...params: []) => read().all(...params),
      values: (...params: []) => read().values(...params),
      get: (...params: []) => read().get(...params),
      run: (...params: []) => own().run(...params),
      finalize: () => own().finalize(),
    } as unknown as Statement;
  }) as Database["prepare"];
}
