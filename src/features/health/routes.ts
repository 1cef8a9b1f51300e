// /healthz: the process is alive and its database answers (restart it if not).
// /readyz: it can do its work: the database answers and the file store takes a write (send it
// traffic only then; a full or read-only disk makes it not ready).
import { Elysia } from "elysia";
import { sql } from "drizzle-orm";
import { contextSeed, type AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import { newStorageKey } from "../../lib/storage.ts";
import { Health, Ready } from "./model.ts";

function databaseAnswers(ctx: AppContext): void {
  try {
    ctx.db.get(sql`select 1`);
  } catch {
    throw new AppError("unavailable", "The database is not answering");
  }
}

async function storageAnswers(ctx: AppContext): Promise<void> {
  const probe = newStorageKey();
  try {
    await ctx.files.write(probe, "");
    await ctx.files.remove(probe);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? "error";
    throw new AppError("unavailable", `The file store cannot be written (${reason})`);
  }
}

export const healthRoutes = (ctx: AppContext) =>
  new Elysia({ name: "health", seed: contextSeed(ctx) })
    .get(
      "/healthz",
      () => {
        databaseAnswers(ctx);
        return { status: "ok" as const };
      },
      { response: Health },
    )
    .get(
      "/readyz",
      async () => {
        databaseAnswers(ctx);
        await storageAnswers(ctx);
        return { status: "ready" as const, checks: { database: "ok" as const, storage: "ok" as const } };
      },
      { response: Ready },
    );
