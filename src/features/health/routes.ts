import { Elysia } from "elysia";
import { sql } from "drizzle-orm";
import { contextSeed, type AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import { Health } from "./model.ts";

export const healthRoutes = (ctx: AppContext) =>
  new Elysia({ name: "health", seed: contextSeed(ctx) }).get("/healthz", () => {
    try {
      ctx.db.get(sql`select 1`);
    } catch {
      throw new AppError("unavailable", "The database is not answering");
    }
    return { status: "ok" as const };
  }, { response: Health });
