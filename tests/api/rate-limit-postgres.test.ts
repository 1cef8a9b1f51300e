// The throttles on a real PostgreSQL (tests/support/postgres.ts): their SQL runs there as on
// SQLite, and attempts made at once on a pool of connections (READ COMMITTED, the default) still
// get exactly the allowance between them, the upsert on the counted row making them take turns.
//
// Stricter than the portal: this file runs itself again in a child process in which the tables
// are PostgreSQL's and transactions are PostgreSQL's own WITHOUT the write lock of
// db/transaction.ts, so the throttles' upserts alone must keep concurrent attempts apart. The
// stand-ins never reach the other test files (bun runs them all in one process).
import { afterAll, describe, expect, mock, test } from "bun:test";
import type { Db } from "../../db/client.ts";
import { closePostgres, openPostgres, type PgDb } from "../../db/postgres.ts";
import * as pgSchema from "../../db/schema.pg.ts";
import { ManualClock } from "../../src/lib/clock.ts";
import type { AppError } from "../../src/lib/errors.ts";
import { createTestDatabase, POSTGRES_MISSING, postgresInstalled } from "../support/postgres.ts";

const CHILD = process.env.RATE_LIMIT_ON_POSTGRES === "1";
if (!postgresInstalled) console.log(`SKIPPED rate-limit on postgres: ${POSTGRES_MISSING}`);

test.skipIf(CHILD || !postgresInstalled)("the throttles pass on PostgreSQL (run in a child process)", async () => {
  const child = Bun.spawn([process.execPath, "test", import.meta.path], {
    env: { ...process.env, RATE_LIMIT_ON_POSTGRES: "1" },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, err, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  const report = out + err;
  if (code !== 0) console.log(report);
  expect(code).toBe(0);
  expect(report).toMatch(/\b[1-9]\d* pass\b/);
  expect(report).toMatch(/\b0 fail\b/);
}, 120_000);

if (CHILD) {
  mock.module("../../db/tables.ts", () => pgSchema);
  mock.module("../../db/transaction.ts", () => ({
    transaction: (db: Db, work: (tx: never) => Promise<unknown>) => (db as unknown as PgDb).transaction((tx) => work(tx as never)),
  }));
}
const { FailureLimiter, purgeExpiredRateLimits, SignInThrottle } = await import("../../src/lib/rate-limit.ts");
const { rateLimits } = pgSchema;

const opened: PgDb[] = [];
afterAll(async () => {
  await Promise.all(opened.map(closePostgres));
});

async function openStore(clock = new ManualClock()) {
  const db = openPostgres(await createTestDatabase(), { maxConnections: 10 });
  opened.push(db);
  return { db: db as unknown as Db, pg: db, clock };
}

const MINUTE = 60_000;

// Each test may take up to a minute: the first also starts the PostgreSQL cluster.
describe.skipIf(!CHILD)("throttles on PostgreSQL", () => {
  test("reservations made at once on many connections get exactly the pair's allowance", async () => {
    const throttle = new SignInThrottle(await openStore(), "test");
    const outcomes = await Promise.allSettled(Array.from({ length: 40 }, () => throttle.reserve("1.1.1.1", "a@example.com")));
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(SignInThrottle.FREE_FAILURES_PER_PAIR);
    for (const o of outcomes) if (o.status === "rejected") expect((o.reason as AppError).message).toBe("Too many sign-in attempts. Try again in 1 second.");
  }, 60_000);

  test("guesses at once from many addresses stop at the account's 100, settled as they come", async () => {
    const throttle = new SignInThrottle(await openStore(), "test");
    const guesses = await Promise.allSettled(
      Array.from({ length: 130 }, async (_, i) => {
        const attempt = await throttle.reserve(`10.0.0.${i}`, "b@example.com");
        await (i % 10 === 0 ? attempt.succeeded() : attempt.failed());
        return i;
      }),
    );
    const through = guesses.filter((g) => g.status === "fulfilled").map((g) => (g as PromiseFulfilledResult<number>).value);
    // Every success gave its attempt back, so more than 100 got through, but no more than the
    // 100 failures the account allows.
    expect(through.filter((i) => i % 10 !== 0).length).toBeLessThanOrEqual(100);
    expect(through.length).toBeGreaterThanOrEqual(100);
    for (const g of guesses) if (g.status === "rejected") expect((g.reason as AppError).code).toBe("too_many_requests");
  }, 60_000);

  test("takes made at once get exactly the allowance, a passed window starts over, and all-or-nothing holds", async () => {
    const clock = new ManualClock();
    const store = await openStore(clock);
    const limiter = new FailureLimiter(store, "test", 7, 15 * MINUTE);
    const waits = await Promise.all(Array.from({ length: 30 }, () => limiter.take("k")));
    expect(waits.filter((w) => w === 0)).toHaveLength(7);
    expect(waits.filter((w) => w === 15 * 60)).toHaveLength(23);
    clock.advance(10 * MINUTE);
    expect(await limiter.take("k")).toBe(5 * 60);
    clock.advance(5 * MINUTE);
    for (let i = 0; i < 7; i++) expect(await limiter.take("k")).toBe(0);
    expect(await limiter.take("k")).toBe(15 * 60);

    const byCaller = new FailureLimiter(store, "by-caller", 100, 60 * MINUTE);
    const byEmail = new FailureLimiter(store, "by-email", 3, 60 * MINUTE);
    const refusals = await Promise.all(
      Array.from({ length: 20 }, () => FailureLimiter.takeAll([{ limiter: byCaller, subject: "9.9.9.9" }, { limiter: byEmail, subject: "e@example.com" }])),
    );
    expect(refusals.filter((r) => r === null)).toHaveLength(3);
    // Refused takes rolled back their count for the caller too: 3 counted of its 100.
    expect(await byCaller.retryAfter("9.9.9.9")).toBe(0);
    const [row] = await store.pg.select().from(rateLimits);
    expect(row).toBeDefined();
  }, 60_000);

  test("the pair's wait doubles after each failure beyond the allowance, and the purge keeps live rows", async () => {
    const clock = new ManualClock();
    const store = await openStore(clock);
    const throttle = new SignInThrottle(store, "test");
    const waits: number[] = [];
    for (let i = 0; i < 13; i++) {
      try {
        await (await throttle.reserve("2.2.2.2", "c@example.com")).failed();
      } catch (error) {
        const wait = (error as AppError).retryAfter!;
        waits.push(wait);
        clock.advance(wait * 1000);
        await (await throttle.reserve("2.2.2.2", "c@example.com")).failed();
      }
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128]);

    const windowed = new FailureLimiter(store, "short", 5, MINUTE);
    await windowed.take("x");
    const before = (await store.pg.select({ key: rateLimits.key }).from(rateLimits)).length;
    clock.advance(2 * MINUTE);
    await purgeExpiredRateLimits(store);
    // The address's and account's 15-minute windows and the pair (a day) stay; the minute's goes.
    expect((await store.pg.select({ key: rateLimits.key }).from(rateLimits)).length).toBe(before - 1);
    expect(await windowed.retryAfter("x")).toBe(0);
  }, 60_000);
});
