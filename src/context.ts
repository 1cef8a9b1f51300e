// What every feature needs, built once per running app (and once per test server).
import type { Db } from "../db/client.ts";
import type { Config } from "./config.ts";
import type { Clock } from "./lib/clock.ts";
import type { Logger } from "./lib/log.ts";

export interface AppContext {
  config: Config;
  db: Db;
  clock: Clock;
  log: Logger;
}
