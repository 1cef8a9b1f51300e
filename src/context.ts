// What every feature needs, built once per running app (and once per test server).
import type { Db } from "../db/client.ts";
import { eventChannel } from "../db/notify.ts";
import { changeCounter, tableChangeCounter } from "../db/transaction.ts";
import type { Config } from "./config.ts";
import { systemClock, type Clock } from "./lib/clock.ts";
import { createLogger, type Logger } from "./lib/log.ts";
import { createEventBus, type EventBus } from "./lib/events.ts";
import { ReadCache } from "./lib/read-cache.ts";
import { securityHeaders } from "./lib/security.ts";
import type { FileStore } from "./lib/file-store.ts";
import { openFileStore } from "./lib/storage.ts";

export interface AppContext {
  config: Config;
  db: Db;
  files: FileStore;
  /** JSON of expensive reads, kept until the database changes. */
  cache: ReadCache;
  /** Who a request is (a customer's session, what a link opens), kept until the database changes. */
  lookups: ReadCache;
  /** Whose a broker's session is, kept until sessions or users change (or another process commits). */
  brokerSessions: ReadCache;
  /** What changed, for the live channel. */
  events: EventBus;
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
    // Every broker request asks; documents and customers are written far more often than these.
    brokerSessions: new ReadCache(tableChangeCounter(db, ["sessions", "users"], version), clock, { maxEntries: 10_000, clock: false }),
    events: createEventBus(eventChannel(db), log),
    clock,
    log,
  };
}

const seeds = new WeakMap<AppContext, number>();
let lastSeed = 0;

/**
 * A number that tells this context from every other in the process: the seed of its named Elysia
 * plugins. Elysia dedupes plugins by name + seed, and tests run many apps, each with its own
 * context, in one process.
 */
export function contextSeed(ctx: AppContext): number {
  let seed = seeds.get(ctx);
  if (seed === undefined) seeds.set(ctx, (seed = ++lastSeed));
  return seed;
}
