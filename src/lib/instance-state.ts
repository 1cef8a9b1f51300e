// Every piece of state a module keeps between requests outside the app context, listed in one
// place: each is registered here with what it is, whether it may differ between portal instances,
// and why. Several instances may serve one brokerage (PostgreSQL + S3 behind a load balancer),
// and a request may land on any of them, so state that decides an answer must be the same
// everywhere (in the database); state that only saves work, or belongs to this process's own
// resources (its sockets, threads, disk), may differ.
//
// A module-level Map, WeakMap, Set, array or `let` that holds state goes through `instanceState`
// (or `perContext`); tests/api/instance-state.test.ts fails on one that does not, and lists them
// all; state the server's thread cannot register is named in `elsewhere` below. Constants (a Set
// of fixed names) are typed `ReadonlySet`, not state. State that belongs to one running app can
// also be a member of the app context (src/context.ts), as the read caches are.

/**
 * - "per process": may differ between instances; losing it on a restart costs only time.
 * - "shared": the same for every instance, because it is kept in the database.
 * - the third: per process today, but an answer depends on it, so a second instance behind a
 *   load balancer would answer wrongly (a flow begun on one, finished on the other).
 */
export type StateScope = "per process" | "shared" | "per process today; must be shared (issue 39 item 13)";

export interface StateEntry {
  name: string;
  scope: StateScope;
  why: string;
}

// The registry itself: filled as modules load, read by tests and by whoever wants the list.
const registered: StateEntry[] = [];

/** Registers `value` (a module's state) under `name` and hands it back. */
export function instanceState<T>(name: string, scope: StateScope, why: string, value: T): T {
  if (registered.some((entry) => entry.name === name)) throw new Error(`Module state "${name}" is registered twice`);
  registered.push({ name, scope, why });
  return value;
}

/** State made once per app context (tests run many apps, each with its own, in one process). */
export function perContext<C extends object, T>(name: string, scope: StateScope, why: string, make: (ctx: C) => T): (ctx: C) => T {
  const values = instanceState(name, scope, why, new WeakMap<C, T>());
  return (ctx) => {
    let value = values.get(ctx);
    if (value === undefined) values.set(ctx, (value = make(ctx)));
    return value;
  };
}

/**
 * State this registry cannot see from the server's thread: in code the browser imports too
 * (src/shared, which imports nothing of the server's), and in modules that run only in a worker
 * thread (their state lives in that thread). Each names its module and variable so the test can
 * tell it is listed. Also per process, and not module-level: each connection's compiled
 * statements (db/sqlite-connection.ts) and prepared ones (src/lib/prepared.ts, kept per
 * connection inside what each `prepared(…)` returns).
 */
export const elsewhere: readonly (StateEntry & { module: string; variable: string })[] = [
  {
    module: "src/shared/due-date.ts",
    variable: "dueDateFormats",
    name: "due-date formatters",
    scope: "per process",
    why: "one Intl.DateTimeFormat per time zone, immutable once made (and per page in the browser)",
  },
  {
    module: "src/shared/i18n/translate.ts",
    variable: "instances",
    name: "compiled message catalogs",
    scope: "per process",
    why: "each language's catalog compiled once at start, immutable (the same in every instance)",
  },
  {
    module: "src/work-thread.ts",
    variable: "previous",
    name: "a work thread's queue",
    scope: "per process",
    why: "the files handed to this thread (checks and reads), opened one after another",
  },
  {
    module: "db/checkpoint-worker.ts",
    variable: "db",
    name: "the checkpoint thread's connection",
    scope: "per process",
    why: "the thread that copies this process's SQLite write-ahead log into the file",
  },
  {
    module: "db/checkpoint-worker.ts",
    variable: "timer",
    name: "the checkpoint thread's timer",
    scope: "per process",
    why: "when that thread checkpoints next",
  },
];

/** Everything registered so far (the modules loaded), then what is listed in `elsewhere`. */
export function stateEntries(): readonly StateEntry[] {
  return [...registered, ...elsewhere.map(({ name, scope, why }) => ({ name, scope, why }))];
}
