// Durable background jobs. A job row is written in the same transaction as the change that
// causes it, so it exists exactly when that change does; the scheduler in the server process
// claims due jobs with one atomic UPDATE, runs them, and retries failures with back-off.
import { and, asc, count, eq, gte, inArray, lt, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { claimDueJobs, releaseJobsOfStoppedRun, runOnOneInstance, type Job } from "../../db/jobs.ts";
import { transaction } from "../../db/transaction.ts";
import { jobs } from "../../db/tables.ts";
import type { AppContext } from "../context.ts";
import type { Clock } from "./clock.ts";
import { newId } from "./tokens.ts";
import { backoffMs, type Backoff } from "../shared/backoff.ts";
import { placeholders, preparedWrite } from "./prepared.ts";

/** The database or an open transaction: anything Drizzle can write through. */
export type Writer = Tx;
export type { Job };
export type JobHandler = (ctx: AppContext, job: Job) => Promise<void>;

/** Thrown by a handler when trying again cannot help; the job fails at once. */
export class PermanentJobError extends Error {}

export interface JobInput {
  kind: string;
  payload: Record<string, unknown>;
  runAt?: Date;
  /** A job with the same key is never created twice. */
  dedupeKey?: string;
  maxAttempts?: number;
}

const jobInsert = preparedWrite((tx) =>
  tx
    .insert(jobs)
    .values(placeholders("id", "kind", "payload", "runAt", "dedupeKey", "maxAttempts"))
    .onConflictDoNothing()
    .returning({ id: jobs.id })
    .prepare(),
);

/** Adds a job; returns its id, or null when a job with the same dedupe key already exists. */
export async function enqueueJob(db: Writer, clock: Clock, input: JobInput): Promise<string | null> {
  const row = (
    await jobInsert(db).execute({
      id: newId(),
      kind: input.kind,
      payload: input.payload,
      runAt: input.runAt ?? clock.now(),
      dedupeKey: input.dedupeKey ?? null,
      maxAttempts: input.maxAttempts ?? 8,
    })
  )[0];
  return row?.id ?? null;
}

// A batch: one job that gathers items for a while before it runs (a customer's review outcomes
// become one email). Its items live in its payload, so a restart loses none: the job runs once,
// after the restart if need be, with whatever was added before it started. An item arriving once
// the job has started opens the next batch. Writers take turns (db/transaction.ts); the one race
// left is with the scheduler's claim, which the guarded updates below settle: whichever commits
// first wins, and an item never joins a batch that has already started.

/** The pending batch of `group`: its job's dedupe keys are `<kind>:<group>:<id>`, so they sort together. */
const batchKeys = (kind: string, group: string) => {
  const prefix = `${kind}:${group}:`;
  // ";" is the character after ":": every key with the prefix sorts below prefix-without-colon + ";".
  return and(eq(jobs.kind, kind), eq(jobs.status, "pending"), gte(jobs.dedupeKey, prefix), lt(jobs.dedupeKey, `${prefix.slice(0, -1)};`));
};

async function pendingBatch(db: Writer, kind: string, group: string) {
  return (await db.select({ id: jobs.id, payload: jobs.payload }).from(jobs).where(batchKeys(kind, group)).orderBy(asc(jobs.runAt)).limit(1))[0];
}

export interface BatchInput {
  kind: string;
  /** What the items have in common (a customer's id): one pending batch per kind and group. */
  group: string;
  item: unknown;
  /** A new batch runs this long after its first item. */
  windowMs: number;
  /** Fields of a new batch's payload beside `items` (the same for every item of the group). */
  payload?: Record<string, unknown>;
}

/** Adds `item` to the group's pending batch, or starts one that runs `windowMs` from now. In the caller's transaction. */
export async function addToBatch(db: Writer, clock: Clock, input: BatchInput): Promise<void> {
  const open = await pendingBatch(db, input.kind, input.group);
  if (open) {
    const items = [...((open.payload.items as unknown[] | undefined) ?? []), input.item];
    // Still pending: the scheduler may have claimed it since it was read (PostgreSQL's claim does
    // not wait for the write lock); then the item starts the next batch.
    const added = await db.update(jobs).set({ payload: { ...open.payload, items } }).where(and(eq(jobs.id, open.id), eq(jobs.status, "pending"))).returning({ id: jobs.id });
    if (added.length) return;
  }
  await enqueueJob(db, clock, {
    kind: input.kind,
    payload: { ...input.payload, group: input.group, items: [input.item] },
    runAt: new Date(clock.now().getTime() + input.windowMs),
    dedupeKey: `${input.kind}:${input.group}:${newId()}`,
  });
}

/**
 * Takes the group's pending batch off the queue before it runs (something else now says what it
 * would have said): its items, or null when there is none pending (never opened, or already
 * started, which then goes ahead). In the caller's transaction, which may still roll it back.
 */
export async function takeBatch(db: Writer, clock: Clock, input: { kind: string; group: string }): Promise<unknown[] | null> {
  const open = await pendingBatch(db, input.kind, input.group);
  if (!open) return null;
  const taken = await db
    .update(jobs)
    .set({ status: "done", finishedAt: clock.now(), lastError: "taken before it ran" })
    .where(and(eq(jobs.id, open.id), eq(jobs.status, "pending")))
    .returning({ id: jobs.id });
  return taken.length ? ((open.payload.items as unknown[] | undefined) ?? []) : null;
}

/** A failed job waits 30 s, 1 min, 2 min, … capped at one hour. */
const JOB_RETRY: Backoff = { firstMs: 30_000, maxMs: 60 * 60 * 1000 };

/** Time-driven work that is not a queued job (due reminders, overdue documents): run every tick. */
export type PeriodicTask = (ctx: AppContext) => Promise<void>;

/** A periodic task that runs at most once per `intervalMs` of the app's clock (per app). */
export function atMostEvery(intervalMs: number, task: PeriodicTask): PeriodicTask {
  const lastRun = new WeakMap<AppContext, number>();
  return async (ctx) => {
    const now = ctx.clock.now().getTime();
    if (now - (lastRun.get(ctx) ?? -Infinity) < intervalMs) return;
    lastRun.set(ctx, now);
    await task(ctx);
  };
}

export interface SchedulerOptions {
  /** Run at the start of every tick, before due jobs are claimed: by one instance of several. */
  periodic?: PeriodicTask[];
  /** Run at the start of every tick by every instance (work on this process's own state). */
  perInstance?: PeriodicTask[];
  intervalMs?: number;
  batchSize?: number;
  concurrency?: number;
  /** How long a claimed job is ours; after that (a crash) another tick may claim it again. */
  leaseMs?: number;
  /**
   * Kinds of job that may run long (a recognition's OCR: up to a minute; a webhook delivery to a
   * receiver that does not answer: 10 s), each with how many may run at once: run beside the
   * passes, not in them, so the emails claimed after them are not kept waiting for their end, and
   * one kind's full slots never hold another's. More claimed are handed back for a later pass.
   */
  detached?: Readonly<Record<string, number>>;
}

export class Scheduler {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<number> | null = null;
  private readonly intervalMs: number;
  private readonly batchSize: number;
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly periodic: PeriodicTask[];
  private readonly perInstance: PeriodicTask[];
  private readonly detached: Readonly<Record<string, number>>;
  /** Detached jobs running now, by kind; each marks itself done (or failed) when it ends. */
  private readonly detachedRunning = new Map<string, Set<Promise<void>>>();
  /** Detached jobs the last pass handed back (its slots were full): a later pass runs them. */
  deferred = 0;

  constructor(
    private readonly ctx: AppContext,
    private readonly handlers: Record<string, JobHandler>,
    options: SchedulerOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? 5_000;
    this.batchSize = options.batchSize ?? 50;
    this.concurrency = options.concurrency ?? 8;
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
    this.periodic = options.periodic ?? [];
    this.perInstance = options.perInstance ?? [];
    this.detached = options.detached ?? {};
    for (const kind of Object.keys(this.detached)) this.detachedRunning.set(kind, new Set());
  }

  /**
   * Runs at once (catching up on anything missed while stopped), then every interval. Jobs still
   * marked running by a run that stopped are handed out again (see releaseJobsOfStoppedRun).
   */
  async start(): Promise<void> {
    if (this.timer) return;
    await releaseJobsOfStoppedRun(this.ctx.db);
    const tickSafely = () =>
      this.tick().catch((error) => {
        // A pass that fails (the disk is full, the database is locked) is logged and tried again
        // on the next interval; it must never end the process.
        this.ctx.log.error("The scheduler's pass failed; it runs again shortly", { error: String(error) });
      });
    void tickSafely();
    this.timer = setInterval(() => void tickSafely(), this.intervalMs);
  }

  /** Stops taking new jobs and waits for the ones in hand. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    await this.settled();
  }

  /** Resolves once every detached job running now (and any it makes way for) has ended. */
  async settled(): Promise<void> {
    const running = () => [...this.detachedRunning.values()].flatMap((jobs) => [...jobs]);
    while (running().length) await Promise.all(running());
  }

  /** One pass: claims and runs every due job. Overlapping calls share the pass in progress. */
  tick(): Promise<number> {
    this.running ??= this.runDue().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async runDue(): Promise<number> {
    // Time-driven work once per tick across all instances sharing the database; the work about
    // this instance's own state (its sockets) here.
    await runOnOneInstance(this.ctx.db, () => this.runPeriodic(this.periodic));
    await this.runPeriodic(this.perInstance);
    this.deferred = 0;
    let total = 0;
    for (;;) {
      const claimed = await this.claim();
      if (claimed.length === 0) return total;
      total += claimed.length;
      const batch = await this.startDetached(claimed);
      const queue = [...batch];
      const done: string[] = [];
      const worker = async () => {
        for (let job = queue.shift(); job; job = queue.shift()) {
          // A job whose work never waits on the network (an email kept in the outbox when there is
          // no SMTP server, a reminder) runs to its end on microtasks alone, and so would the whole
          // pass: hundreds of jobs in one go while every request waited (under the writes bench,
          // stalls of 100+ ms every 5 s). Each job first lets waiting requests in.
          await yieldToRequests();
          if (await this.run(job)) done.push(job.id);
        }
      };
      await Promise.all(Array.from({ length: Math.min(this.concurrency, batch.length) }, worker));
      await this.markDone(done);
    }
  }

  /**
   * Starts the claimed jobs of detached kinds beside the pass (up to their kind's limit running; the
   * rest are handed back, unattempted, for a later pass: held here they could outlive their
   * lease and be claimed twice) and returns the others, for the pass.
   */
  private async startDetached(claimed: Job[]): Promise<Job[]> {
    const inPass: Job[] = [];
    const handBack: string[] = [];
    for (const job of claimed) {
      const slots = this.detachedRunning.get(job.kind);
      if (!slots) inPass.push(job);
      else if (slots.size >= this.detached[job.kind]!) handBack.push(job.id);
      else {
        const running: Promise<void> = this.run(job)
          .then((ok) => (ok ? this.markDone([job.id]) : undefined))
          .catch((error) => this.ctx.log.error("A detached job could not be recorded", { id: job.id, error: String(error) }))
          .finally(() => slots.delete(running));
        slots.add(running);
      }
    }
    if (handBack.length) {
      this.deferred += handBack.length;
      await transaction(this.ctx.db, (tx) =>
        tx
          .update(jobs)
          .set({ status: "pending", lockedUntil: null, attempts: sql`${jobs.attempts} - 1` })
          .where(and(inArray(jobs.id, handBack), eq(jobs.status, "running"))),
      );
    }
    return inPass;
  }

  // The batch's finished jobs are marked done in one commit, not one each: writes take turns on
  // SQLite's one writer, and a busy portal's emails were most of its commits. A crash before this
  // commit runs those jobs again after their lease, as a crash right after a handler always could
  // (handlers are written to be run twice: an email already sent is not sent again).
  private async markDone(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const { db, clock } = this.ctx;
    await transaction(db, (tx) => tx.update(jobs).set({ status: "done", finishedAt: clock.now(), lockedUntil: null, lastError: null }).where(inArray(jobs.id, ids)));
  }

  private async runPeriodic(tasks: PeriodicTask[]): Promise<void> {
    for (const task of tasks) {
      try {
        await task(this.ctx);
      } catch (error) {
        this.ctx.log.error("A periodic task failed", { error: String(error) });
      }
    }
  }

  private claim(): Promise<Job[]> {
    // A detached kind with every slot taken is left pending rather than claimed and handed back.
    const full = [...this.detachedRunning].filter(([kind, running]) => running.size >= this.detached[kind]!).map(([kind]) => kind);
    return claimDueJobs(this.ctx.db, { now: this.ctx.clock.now(), limit: this.batchSize, leaseMs: this.leaseMs, exceptKinds: full });
  }

  /** Runs one job: true when it succeeded (markDone records it), false when it failed (recorded here). */
  private async run(job: Job): Promise<boolean> {
    const { db, clock, log } = this.ctx;
    const handler = this.handlers[job.kind];
    try {
      if (!handler) throw new PermanentJobError(`No handler for job kind "${job.kind}"`);
      await handler(this.ctx, job);
      return true;
    } catch (error) {
      const message = (error as Error)?.message ?? String(error);
      const giveUp = error instanceof PermanentJobError || job.attempts >= job.maxAttempts;
      const now = clock.now();
      await transaction(db, (tx) => tx.update(jobs)
        .set(
          giveUp
            ? { status: "failed", lastError: message, finishedAt: now, lockedUntil: null }
            : { status: "pending", lastError: message, lockedUntil: null, runAt: new Date(now.getTime() + backoffMs(job.attempts, JOB_RETRY)) },
        )
        .where(eq(jobs.id, job.id)));
      log.warn(`Job ${job.kind} ${giveUp ? "failed for good" : "will be retried"}`, { id: job.id, attempt: job.attempts, error: message });
      return false;
    }
  }
}

/** Resolves after the event loop has served what was waiting (I/O, timers): a macrotask, not a microtask. */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/** How many jobs are in each state, for /metrics and `portal doctor`. */
export async function countJobsByStatus(db: Db): Promise<Record<"pending" | "running" | "done" | "failed", number>> {
  const counts = { pending: 0, running: 0, done: 0, failed: 0 };
  const rows = await db.select({ status: jobs.status, n: count() }).from(jobs).groupBy(jobs.status);
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

/** Pending jobs that were due before `before`: work a running portal should have done by now. */
export async function countOverdueJobs(db: Db, before: Date): Promise<number> {
  return (await db.select({ n: count() }).from(jobs).where(and(eq(jobs.status, "pending"), lte(jobs.runAt, before))))[0]?.n ?? 0;
}
