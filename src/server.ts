// Starts the portal: database, migrations, HTTP. Returns a handle that stops it cleanly.
import { closeDatabase, migrateDatabase, openDatabase } from "../db/client.ts";
import { createApp } from "./app.ts";
import type { Config } from "./config.ts";
import { buildContext, type AppContext } from "./context.ts";
import { closeSmtpTransport } from "./features/mail/transport.ts";
import { loadWebAssets } from "./features/web/assets.ts";
import { LiveHub } from "./features/live/hub.ts";
import { liveSocketOptions } from "./features/live/routes.ts";
import { jobHandlers, periodicTasks } from "./jobs.ts";
import { Scheduler } from "./lib/jobs.ts";
import type { Clock } from "./lib/clock.ts";
import { createLogger, type Logger } from "./lib/log.ts";

export interface RunningServer {
  ctx: AppContext;
  hub: LiveHub;
  scheduler: Scheduler;
  url: string;
  port: number;
  stop(): Promise<void>;
}

export async function startServer(
  config: Config,
  options: {
    clock?: Clock;
    log?: Logger;
    prebuildWeb?: boolean;
    /** false: tests run `scheduler.tick()` themselves instead of on a timer. */
    runScheduler?: boolean;
  } = {},
): Promise<RunningServer> {
  const log = options.log ?? createLogger();
  const db = openDatabase(config.dataDir);
  migrateDatabase(db);
  const ctx = buildContext(config, db, { clock: options.clock, log });

  if (options.prebuildWeb) {
    const started = performance.now();
    await loadWebAssets().then(
      () => log.debug(`Web app ready in ${Math.round(performance.now() - started)} ms`),
      (error) => log.error(`The web app could not be built; pages will retry: ${(error as Error).message}`),
    );
  }

  const hub = new LiveHub(ctx.events);
  const app = createApp(ctx, hub).listen({
    port: config.port,
    hostname: config.host,
    // Bun's own limit answers a bare, empty 413 before the app sees the request, so it is set
    // out of reach: the app bounds every body itself, on the bytes sent, with a JSON message
    // (uploads at MAX_UPLOAD_MB in upload.ts, everything else at 1 MB in body-limit.ts).
    maxRequestBodySize: Number.MAX_SAFE_INTEGER,
    websocket: liveSocketOptions,
  });
  const port = app.server!.port!;
  const scheduler = new Scheduler(ctx, jobHandlers, { periodic: periodicTasks });
  if (options.runScheduler !== false) scheduler.start();

  let stopped = false;
  return {
    ctx,
    hub,
    scheduler,
    port,
    url: `http://127.0.0.1:${port}`,
    async stop() {
      if (stopped) return;
      stopped = true;
      await app.stop(true);
      hub.close();
      await scheduler.stop();
      closeSmtpTransport(ctx);
      closeDatabase(db);
    },
  };
}
