// Starts the portal: database, migrations, HTTP. Returns a handle that stops it cleanly.
import { join } from "node:path";
import { startCheckpointer } from "../db/checkpointer.ts";
import { databaseFileName, sqliteWriterClient } from "../db/client.ts";
import { closeAnyDatabase, openMigratedDatabase } from "../db/database.ts";
import { engineOf } from "../db/transaction.ts";
import { createApp } from "./app.ts";
import type { Config } from "./config.ts";
import { buildContext, type AppContext } from "./context.ts";
import { subscribeSideEffects } from "./side-effects.ts";
import { closeSmtpTransport } from "./features/mail/transport.ts";
import { loadWebAssets } from "./features/web/assets.ts";
import { LiveHub } from "./features/live/hub.ts";
import { liveSocketOptions } from "./features/live/routes.ts";
import { closeEndedBrokerSockets } from "./features/live/ended-sessions.ts";
import { detachedJobs, jobHandlers, periodicTasks } from "./jobs.ts";
import { Scheduler } from "./lib/jobs.ts";
import type { Clock } from "./lib/clock.ts";
import { lockDataDir } from "./lib/data-lock.ts";
import { reachBucket } from "./lib/storage-s3-start.ts";
import { scheduleBackups } from "./features/operations/scheduled-backups.ts";
import { createLogger, type Logger } from "./lib/log.ts";
import { removeOrphanedFiles } from "./features/operations/orphans.ts";

export interface RunningServer {
  ctx: AppContext;
  hub: LiveHub;
  scheduler: Scheduler;
  url: string;
  port: number;
  stop(): Promise<void>;
}

export class PortInUseError extends Error {
  constructor(port: number) {
    super(`Port ${port} is already in use. Stop the program using it, or choose another with --port or PORT.`);
    this.name = "PortInUseError";
  }
}

interface StartOptions {
  clock?: Clock;
  log?: Logger;
  prebuildWeb?: boolean;
  /** false: tests run `scheduler.tick()` themselves instead of on a timer. */
  runScheduler?: boolean;
}

/** Starts the portal on its data directory, which it locks first (see data-lock.ts). */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const unlock = lockDataDir(config.dataDir);
  try {
    return await startLocked(config, options, unlock);
  } catch (error) {
    unlock();
    throw error;
  }
}

async function startLocked(config: Config, options: StartOptions, unlock: () => void): Promise<RunningServer> {
  const log = options.log ?? createLogger();
  // The bucket first: nothing is open yet that a wrong S3 setting would have to close again.
  if (config.s3) await reachBucket(config.s3, config.s3WaitMs);
  const db = await openMigratedDatabase(config);
  const ctx = subscribeSideEffects(buildContext(config, db, { clock: options.clock, log }));
  // SQLite's checkpoints (and their fsyncs) off the event loop: db/checkpointer.ts.
  const checkpointer = engineOf(db).kind === "sqlite" ? await startCheckpointer(sqliteWriterClient(db), join(config.dataDir, databaseFileName), log) : null;
  // Safe only now that this process holds the lock: nobody else is uploading into this folder.
  ctx.files.discardUnfinishedUploads();
  const orphans = await removeOrphanedFiles(ctx);
  if (orphans > 0) log.info(`Removed ${orphans} stored file(s) a stopped run had kept without a document`);

  if (options.prebuildWeb) {
    const started = performance.now();
    await loadWebAssets().then(
      () => log.debug(`Web app ready in ${Math.round(performance.now() - started)} ms`),
      (error) => log.error(`The web app could not be built; pages will retry: ${(error as Error).message}`),
    );
  }

  await ctx.events.start();
  const hub = new LiveHub(ctx.events);
  const app = createApp(ctx, hub);
  try {
    listen(app, config);
  } catch (error) {
    hub.close();
    await ctx.events.close();
    await checkpointer?.stop();
    await closeAnyDatabase(db);
    throw error;
  }
  const port = app.server!.port!;
  const scheduler = new Scheduler(ctx, jobHandlers, { detached: detachedJobs, periodic: periodicTasks, perInstance: [closeEndedBrokerSockets(hub)] });
  if (options.runScheduler !== false) await scheduler.start();
  const stopBackups = scheduleBackups(ctx);

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
      stopBackups();
      await app.stop(true);
      // Elysia runs after-response hooks (the request log line, /metrics) on setImmediate; let
      // those of requests already answered run before the process may exit.
      await new Promise((resolve) => setImmediate(resolve));
      hub.close();
      await scheduler.stop();
      await ctx.events.close();
      closeSmtpTransport(ctx);
      await checkpointer?.stop();
      await closeAnyDatabase(db);
      unlock();
    },
  };
}

function listen(app: ReturnType<typeof createApp>, config: Config): void {
  try {
    app.listen({
      port: config.port,
      hostname: config.host,
      // Elysia asks Bun for SO_REUSEPORT, which lets a second portal bind the same port and
      // take a share of the first one's connections. A port in use must be an error instead.
      reusePort: false,
      // Bun's own limit answers a bare, empty 413 before the app sees the request, so it is set
      // out of reach: the app bounds every body itself, on the bytes sent, with a JSON message
      // (uploads at MAX_UPLOAD_MB in upload.ts, everything else at 1 MB in body-limit.ts).
      maxRequestBodySize: Number.MAX_SAFE_INTEGER,
      websocket: liveSocketOptions,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") throw new PortInUseError(config.port);
    throw error;
  }
}
