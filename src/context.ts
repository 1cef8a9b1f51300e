// What every feature needs, built once per running app (and once per test server).
import type { Db } from "../db/client.ts";
import type { Config } from "./config.ts";
import { systemClock, type Clock } from "./lib/clock.ts";
import { createLogger, type Logger } from "./lib/log.ts";
import { localFileStore, type FileStore } from "./lib/storage.ts";

export interface AppContext {
  config: Config;
  db: Db;
  files: FileStore;
  clock: Clock;
  log: Logger;
}

export function buildContext(config: Config, db: Db, options: { clock?: Clock; log?: Logger } = {}): AppContext {
  return {
    config,
    db,
    files: localFileStore(config.dataDir),
    clock: options.clock ?? systemClock,
    log: options.log ?? createLogger(),
  };
}
