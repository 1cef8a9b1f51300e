// The job queue's statements whose SQL differs between the databases. The rest of the queue
// (src/lib/jobs.ts) is ordinary Drizzle and runs on either.
import { and, eq, inArray, lte, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "./client.ts";
import type { PgDb } from "./postgres.ts";
import type * as pg from "./schema.pg.ts";
import { jobs } from "./tables.ts";
import { engineOf, transaction } from "./transaction.ts";

export type Job = typeof jobs.$inferSelect;

/**
 * Marks up to `limit` due jobs as ours for `leaseMs` and returns them, so no job is handed out
 * twice at once. A job still "running" past its lease belongs to a process that stopped.
 * `exceptKinds` are left for a later claim (the scheduler's detached kinds while their slots are full).
 */
export async function claimDueJobs(db: Db, { now, limit, leaseMs, exceptKinds = [] }: { now: Date; limit: number; leaseMs: number; exceptKinds?: readonly string[] }): Promise<Job[]> {
  const expired = or(and(eq(jobs.status, "pending"), lte(jobs.runAt, now)), and(eq(jobs.status, "running"), lte(jobs.lockedUntil, now)));
  const due = exceptKinds.length ? and(expired, notInArray(jobs.kind, [...exceptKinds])) : expired;
  const claimed = { status: "running" as const, attempts: sql`${jobs.attempts} + 1`, lockedUntil: new Date(now.getTime() + leaseMs) };
  const engine = engineOf(db);
  if (engine.kind === "postgres") {
    // Several instances claim at once: each takes rows nobody else has locked (SKIP LOCKED), in
    // one statement, without waiting behind the write lock of db/transaction.ts.
    const pgJobs = jobs as unknown as typeof pg.jobs;
    const pgDb = engine.db as PgDb;
    const ids = pgDb.select({ id: pgJobs.id }).from(pgJobs).where(due).orderBy(pgJobs.runAt).limit(limit).for("update", { skipLocked: true });
    return (await pgDb.update(pgJobs).set(claimed).where(inArray(pgJobs.id, ids)).returning()) as Job[];
  }
  return transaction(db, (tx) => {
    const ids = tx.select({ id: jobs.id }).from(jobs).where(due).orderBy(jobs.runAt).limit(limit);
    return tx.update(jobs).set(claimed).where(inArray(jobs.id, ids)).returning();
  });
}

/**
 * At start, jobs still marked running were left by a run of this portal that stopped (a crash,
 * a kill): on SQLite one process owns the database, so they are handed out again now. On
 * PostgreSQL they may be another instance's, running this moment: they wait out their lease.
 */
export async function releaseJobsOfStoppedRun(db: Db): Promise<void> {
  if (engineOf(db).kind === "postgres") return;
  await transaction(db, (tx) => tx.update(jobs).set({ status: "pending", lockedUntil: null }).where(eq(jobs.status, "running")));
}

/** The advisory lock held by the one instance running the time-driven work of a tick. */
const LEADER_LOCK = 7_318_204_552;

/**
 * Runs `work` unless another instance is running it right now (then skips it: that instance's
 * pass does the same work). One process on SQLite: always runs.
 */
export async function runOnOneInstance(db: Db, work: () => Promise<void>): Promise<boolean> {
  const engine = engineOf(db);
  if (engine.kind !== "postgres") {
    await work();
    return true;
  }
  // A session lock on a connection of our own for the whole pass; a crash drops the connection
  // and with it the lock.
  const connection = await (engine.db as PgDb).$client.reserve();
  try {
    const [row] = await connection<{ got: boolean }[]>`select pg_try_advisory_lock(${LEADER_LOCK}) as got`;
    if (!row?.got) return false;
    try {
      await work();
      return true;
    } finally {
      await connection`select pg_advisory_unlock(${LEADER_LOCK})`;
    }
  } finally {
    connection.release();
  }
}
