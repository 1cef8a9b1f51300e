// /healthz: the process is alive and its database answers (restart it if not).
// /readyz: it can do its work: the database answers, the file store takes a write, and it hears
// the other instances' live events (send it traffic only then; a full or read-only disk makes it
// not ready, and so does its LISTEN connection being reopened after a PostgreSQL restart: its
// sockets would miss what happens on other instances).
import { Elysia } from "elysia";
import { ping } from "../../../db/transaction.ts";
import { contextSeed, type AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import { newStorageKey } from "../../lib/storage.ts";
import { Health, Ready } from "./model.ts";

async function databaseAnswers(ctx: AppContext): Promise<void> {
  try {
    await ping(ctx.db);
  } catch {
    throw new AppError("unavailable", "The database is not answering");
  }
}

/**
 * What the probe writes: a few KB, never nothing. A full disk still creates an empty file (it
 * needs no block), so only a write of real bytes, flushed by the store, shows ENOSPC.
 */
const probeBytes = () => new Uint8Array(4096).fill(0x2e);

async function storageAnswers(ctx: AppContext): Promise<void> {
  const probe = newStorageKey();
  try {
    await ctx.files.write(probe, probeBytes());
    await ctx.files.remove(probe);
  } catch (error) {
    // The disk's code (ENOSPC, EROFS), or the storage service's behind the store's 503 (NoSuchBucket).
    const codeOf = (e: unknown) => (e as { code?: unknown } | null)?.code;
    const cause = error instanceof AppError ? codeOf(error.cause) : undefined;
    const reason = String(cause ?? codeOf(error) ?? "error");
    throw new AppError("unavailable", `The file store cannot be written (${reason})`);
  }
}

export const healthRoutes = (ctx: AppContext) =>
  new Elysia({ name: "health", seed: contextSeed(ctx) })
    .get(
      "/healthz",
      async () => {
        await databaseAnswers(ctx);
        return { status: "ok" as const };
      },
      { response: Health },
    )
    .get(
      "/readyz",
      async () => {
        await databaseAnswers(ctx);
        await storageAnswers(ctx);
        const deaf = ctx.events.notHearing();
        if (deaf) throw new AppError("unavailable", deaf);
        return { status: "ready" as const, checks: { database: "ok" as const, storage: "ok" as const } };
      },
      { response: Ready },
    );
