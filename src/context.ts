// What every feature needs, built once per running app (and once per test server).
//
// State kept between requests outside this object (a module's Map of sign-ins in progress, a
// throttle's settings, a lazily loaded library) goes through src/lib/instance-state.ts:
// `instanceState(name, scope, why, value)` or `perContext(name, scope, why, make)`, each marked
// "per process" (may differ between instances), "shared" (kept in the database) or "per process
// today; must be shared" (issue 39 item 13). `stateEntries()` lists them all, and
// tests/api/instance-state.test.ts fails on a module-level map that is not registered.
import type { Db } from "../db/client.ts";
import { eventChannel } from "../db/notify.ts";
import { changeCounter, tableChangeCounter } from "../db/change-counters.ts";
import type { Config } from "./config.ts";
import { systemClock, type Clock } from "./lib/clock.ts";
import { createLogger, type Logger } from "./lib/log.ts";
import { createEventBus, type EventBus } from "./lib/events.ts";
import { ReadCache } from "./lib/read-cache.ts";
import { securityHeaders } from "./lib/security.ts";
import type { FileStore } from "./lib/file-store.ts";
import { instanceState } from "./lib/instance-state.ts";
import { openFileStore } from "./lib/storage.ts";
import type { UnitSubscriber } from "./lib/unit.ts";

export interface AppContext {
  config: Config;
  db: Db;
  files: FileStore;
  /**
   * JSON of expensive reads, kept until the database changes: what every screen polls (metrics,
   * lists, a customer, the portal's view). A cached metrics read costs 4 µs in process against
   * 3,074 µs computed (src/lib/read-cache.ts says more).
   */
  cache: ReadCache;
  /**
   * Who a request is (a customer's session, what a link opens), kept until the database changes.
   * The session lookup was a third of every cached read (8.5 µs of 28), and a signed-in portal
   * read made two lookups; one entry per (link, session) took that view from 0.46–0.48 to 0.51–0.54 of
   * its ceiling. Expiry is the clock's, checked on every request.
   */
  lookups: ReadCache;
  /**
   * Whose a broker's session is, kept until sessions or users change (or another process
   * commits): under the writes bench 3 of 4 requests looked their session up again after every
   * document written (~70 µs each); kept apart, the CPU per write fell by 9 %
   * (tableChangeCounter in db/change-counters.ts).
   */
  brokerSessions: ReadCache;
  /** What changed, for the live channel. */
  events: EventBus;
  /**
   * The side effects of domain events written in the publishing transaction
   * (src/lib/unit-of-work.ts); empty until the composition that built this context registers them.
   */
  unitSubscribers: UnitSubscriber[];
  clock: Clock;
  log: Logger;
}

export function buildContext(config: Config, db: Db, options: { clock?: Clock; log?: Logger } = {}): AppContext {
  const clock = options.clock ?? systemClock;
  const log = options.log ?? createLogger();
  const version = changeCounter(db);
  return {
    config,
    db,
    files: openFileStore(config, log),
    cache: new ReadCache(version, clock, { headers: securityHeaders(config) }),
    // Apart from the responses, so many sessions never push the reads out (and the reverse).
    // Rows as stored: a session's expiry is compared with the clock by whoever asks.
    lookups: new ReadCache(version, clock, { maxEntries: 10_000, clock: false }),
    // Every broker request asks (its session or API key, and its membership); documents and
    // customers are written far more often than these. A key's last use (once a minute per key)
    // changes nothing a cached answer says, so it leaves every broker's cached session in place.
    brokerSessions: new ReadCache(
      tableChangeCounter(db, ["sessions", "users", "workspace_members", "workspaces", "api_keys"], version, { api_keys: ["last_used_at"] }),
      clock,
      { maxEntries: 10_000, clock: false },
    ),
    events: createEventBus(eventChannel(db, config.databaseUrl), log),
    unitSubscribers: [],
    clock,
    log,
  };
}

const seeds = instanceState("Elysia plugin seeds", "per process", "tells apart the apps (contexts) of one process", { last: 0, of: new WeakMap<AppContext, number>() });

/**
 * A number that tells this context from every other in the process: the seed of its named Elysia
 * plugins. Elysia dedupes plugins by name + seed, and tests run many apps, each with its own
 * context, in one process.
 */
export function contextSeed(ctx: AppContext): number {
  let seed = seeds.of.get(ctx);
  if (seed === undefined) seeds.of.set(ctx, (seed = ++seeds.last));
  return seed;
}
