// A second portal instance beside a test server, as behind a load balancer: the same app
// (createApp) with its own context and its own connections to the first one's database (its
// SQLite file, or its PostgreSQL database under test:postgres), on a port of its own, sharing
// the first one's clock. (`portal serve` locks its data directory; instances that share a database
// for real run on PostgreSQL, so tests start the second app directly.)
import { closeAnyDatabase, openMigratedDatabase } from "../../db/database.ts";
import { createApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { buildContext, type AppContext } from "../../src/context.ts";
import { subscribeSideEffects } from "../../src/side-effects.ts";
import { createLogger } from "../../src/lib/log.ts";
import type { TestServer } from "./server.ts";

export interface SecondInstance {
  url: string;
  /** Its context: what it hears from the first one's events through NOTIFY is `ctx.events`. */
  ctx: AppContext;
  stop(): Promise<void>;
}

export async function startSecondInstance(first: TestServer, env: Record<string, string> = {}): Promise<SecondInstance> {
  const databaseUrl = first.server.ctx.config.databaseUrl;
  const config = loadConfig({ ...env, PORT: "0", HOST: "127.0.0.1", DATA_DIR: first.dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const db = await openMigratedDatabase(config);
  const ctx = subscribeSideEffects(buildContext(config, db, { clock: first.clock, log: createLogger("silent") }));
  const app = createApp(ctx);
  // Hears the first one's events (NOTIFY on PostgreSQL) as `portal serve` does before serving.
  await ctx.events.start();
  app.listen({ port: 0, hostname: "127.0.0.1" });
  return {
    url: `http://127.0.0.1:${app.server!.port}`,
    ctx,
    async stop() {
      await app.stop(true);
      await ctx.events.close();
      await closeAnyDatabase(db);
    },
  };
}
