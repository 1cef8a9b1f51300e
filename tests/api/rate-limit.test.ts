// The throttles' policy, driven directly with a hand-moved clock on a real SQLite file, and their
// counts shared by every instance on one database.
import { afterAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { closeDatabase, migrateDatabase, openDatabase, type Db } from "../../db/client.ts";
import { rateLimits } from "../../db/schema.ts";
import { ManualClock } from "../../src/lib/clock.ts";
import { AppError } from "../../src/lib/errors.ts";
import { FailureLimiter, purgeExpiredRateLimits, SignInThrottle, type RateLimitStore } from "../../src/lib/rate-limit.ts";
import { tempDir } from "../support/server.ts";

const MINUTE = 60_000;

const dirs: string[] = [];
const opened: Db[] = [];
afterAll(() => {
  for (const db of opened) closeDatabase(db);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A database of its own (or, given `dir`, another connection to that one, as a second instance has). */
function openStore(clock = new ManualClock(), dir?: string): RateLimitStore & { dir: string } {
  if (!dir) dirs.push((dir = tempDir("portal-rate-limit-")));
  const db = openDatabase(dir);
  migrateDatabase(db);
  opened.push(db);
  return { db, clock, dir };
}

async function refusal(run: () => Promise<unknown>): Promise<AppError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected a 429");
}

const fail = async (throttle: SignInThrottle, address: string, account: string) => (await throttle.reserve(address, account)).failed();

describe("SignInThrottle", () => {
  test("an attempt is counted when reserved, so concurrent guesses beyond the allowance are refused at once", async () => {
    const throttle = new SignInThrottle(openStore(), "test");
    for (let i = 0; i < 5; i++) await throttle.reserve("1.1.1.1", "a@example.com");
    const refused = await refusal(() => throttle.reserve("1.1.1.1", "a@example.com"));
    expect(refused.code).toBe("too_many_requests");
    expect(refused.retryAfter).toBe(1);
  });

  test("reservations made at once get exactly the allowance between them", async () => {
    const throttle = new SignInThrottle(openStore(), "test");
    const outcomes = await Promise.allSettled(Array.from({ length: 40 }, () => throttle.reserve("1.1.1.9", "z@example.com")));
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(SignInThrottle.FREE_FAILURES_PER_PAIR);
    for (const o of outcomes) if (o.status === "rejected") expect((o.reason as AppError).code).toBe("too_many_requests");
  });

  test("a success gives its attempt back and clears the pair", async () => {
    const throttle = new SignInThrottle(openStore(), "test");
    for (let i = 0; i < 10; i++) await fail(throttle, "1.1.1.1", `other${i}@example.com`);
    for (let i = 0; i < 20; i++) await (await throttle.reserve("1.1.1.1", "mine@example.com")).succeeded();
    // 10 failures plus 20 given-back successes stay under the address's 20.
    await expect(throttle.reserve("1.1.1.1", "mine@example.com")).resolves.toBeDefined();
  });

  test("an attempt is settled once: a second report changes nothing", async () => {
    const throttle = new SignInThrottle(openStore(), "test");
    for (let i = 0; i < 19; i++) await fail(throttle, "1.1.1.2", `n${i}@example.com`);
    const attempt = await throttle.reserve("1.1.1.2", "last@example.com"); // the address's 20th
    await attempt.failed();
    await attempt.succeeded(); // would give the attempt back if it counted
    expect((await refusal(() => throttle.reserve("1.1.1.2", "fresh@example.com"))).code).toBe("too_many_requests");
  });

  test("the pair's wait doubles after each failure beyond the allowance, capped at 15 minutes", async () => {
    const clock = new ManualClock();
    const throttle = new SignInThrottle(openStore(clock), "test");
    const waits: number[] = [];
    for (let i = 0; i < 17; i++) {
      try {
        await fail(throttle, "2.2.2.2", "b@example.com");
      } catch (error) {
        const wait = (error as AppError).retryAfter!;
        waits.push(wait);
        clock.advance(wait * 1000);
        await fail(throttle, "2.2.2.2", "b@example.com");
      }
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
  });

  test("a day after its last failure the pair starts over", async () => {
    const clock = new ManualClock();
    const throttle = new SignInThrottle(openStore(clock), "test");
    for (let i = 0; i < 5; i++) await fail(throttle, "2.2.2.3", "d@example.com");
    expect((await refusal(() => throttle.reserve("2.2.2.3", "d@example.com"))).retryAfter).toBe(1);
    clock.advance(24 * 60 * MINUTE);
    for (let i = 0; i < 5; i++) await fail(throttle, "2.2.2.3", "d@example.com");
    expect((await refusal(() => throttle.reserve("2.2.2.3", "d@example.com"))).retryAfter).toBe(1);
  });

  test("one address is capped across accounts", async () => {
    const throttle = new SignInThrottle(openStore(), "test");
    for (let i = 0; i < 20; i++) await fail(throttle, "3.3.3.3", `n${i}@example.com`);
    const refused = await refusal(() => throttle.reserve("3.3.3.3", "fresh@example.com"));
    expect(refused.message).toBe("Too many sign-in attempts. Try again in 15 minutes.");
    await expect(throttle.reserve("3.3.3.4", "fresh@example.com")).resolves.toBeDefined();
  });

  test("one account is capped across addresses, except at an address that signed in to it", async () => {
    const throttle = new SignInThrottle(openStore(), "test");
    await (await throttle.reserve("9.9.9.9", "owner@example.com")).succeeded();
    for (let i = 0; i < 100; i++) await fail(throttle, `10.0.${i >> 8}.${i & 255}`, "owner@example.com");
    expect((await refusal(() => throttle.reserve("10.1.0.1", "owner@example.com"))).retryAfter).toBe(15 * 60);
    await expect(throttle.reserve("9.9.9.9", "owner@example.com")).resolves.toBeDefined();
  });

  test("messages say seconds under a minute and minutes from a minute up", async () => {
    const clock = new ManualClock();
    const throttle = new SignInThrottle(openStore(clock), "test");
    for (let i = 0; i < 12; i++) {
      try {
        await fail(throttle, "4.4.4.4", "c@example.com");
      } catch {
        clock.advance(60 * MINUTE);
        await fail(throttle, "4.4.4.4", "c@example.com");
      }
    }
    // 12 failures: the next wait is 2^(12-5) = 128 s.
    expect((await refusal(() => throttle.reserve("4.4.4.4", "c@example.com"))).message).toBe("Too many sign-in attempts. Try again in 3 minutes.");
    clock.advance(100_000);
    expect((await refusal(() => throttle.reserve("4.4.4.4", "c@example.com"))).message).toBe("Too many sign-in attempts. Try again in 28 seconds.");
  });

  test("throttles with different names count apart", async () => {
    const store = openStore();
    const brokers = new SignInThrottle(store, "brokers");
    for (let i = 0; i < 20; i++) await fail(brokers, "5.5.5.5", `n${i}@example.com`);
    expect((await refusal(() => brokers.reserve("5.5.5.5", "x@example.com"))).code).toBe("too_many_requests");
    await expect(new SignInThrottle(store, "customers").reserve("5.5.5.5", "x@example.com")).resolves.toBeDefined();
  });
});

describe("FailureLimiter", () => {
  test("take counts until the allowance is used, then says how long to wait and counts nothing", async () => {
    const clock = new ManualClock();
    const limiter = new FailureLimiter(openStore(clock), "test", 3, 15 * MINUTE);
    for (let i = 0; i < 3; i++) expect(await limiter.take("k")).toBe(0);
    clock.advance(5 * MINUTE);
    expect(await limiter.take("k")).toBe(10 * 60);
    expect(await limiter.retryAfter("k")).toBe(10 * 60);
    expect(await limiter.retryAfter("other")).toBe(0);
    clock.advance(10 * MINUTE); // the window has passed: a fresh one
    expect(await limiter.retryAfter("k")).toBe(0);
    for (let i = 0; i < 3; i++) expect(await limiter.take("k")).toBe(0);
    expect(await limiter.take("k")).toBe(15 * 60);
  });

  test("takes made at once get exactly the allowance between them", async () => {
    const limiter = new FailureLimiter(openStore(), "test", 7, 15 * MINUTE);
    const waits = await Promise.all(Array.from({ length: 30 }, () => limiter.take("k")));
    expect(waits.filter((w) => w === 0)).toHaveLength(7);
  });

  test("takeAll counts every limit or none, and names the first that must wait", async () => {
    const store = openStore();
    const byCaller = new FailureLimiter(store, "by-caller", 5, 60 * MINUTE);
    const byEmail = new FailureLimiter(store, "by-email", 2, 60 * MINUTE);
    const both = (email: string) => FailureLimiter.takeAll([{ limiter: byCaller, subject: "1.2.3.4" }, { limiter: byEmail, subject: email }]);
    expect(await both("a@example.com")).toBeNull();
    expect(await both("a@example.com")).toBeNull();
    const refused = await both("a@example.com");
    expect(refused?.limiter).toBe(byEmail);
    expect(refused?.wait).toBe(60 * 60);
    // The refused call counted nothing for the caller either: 3 more emails fit its 5.
    for (const email of ["b@example.com", "b@example.com", "c@example.com"]) expect(await both(email)).toBeNull();
    expect((await both("d@example.com"))?.limiter).toBe(byCaller);
  });
});

describe("counts in the database", () => {
  test("two instances on one database share their counts", async () => {
    const clock = new ManualClock();
    const first = openStore(clock);
    const second = openStore(clock, first.dir);
    const here = new SignInThrottle(first, "broker-sign-in");
    const there = new SignInThrottle(second, "broker-sign-in");
    for (let i = 0; i < 3; i++) await fail(here, "6.6.6.6", "shared@example.com");
    for (let i = 0; i < 2; i++) await fail(there, "6.6.6.6", "shared@example.com");
    expect((await refusal(() => here.reserve("6.6.6.6", "shared@example.com"))).retryAfter).toBe(1);
    expect((await refusal(() => there.reserve("6.6.6.6", "shared@example.com"))).retryAfter).toBe(1);

    const limitHere = new FailureLimiter(first, "emails", 2, 60 * MINUTE);
    const limitThere = new FailureLimiter(second, "emails", 2, 60 * MINUTE);
    expect(await limitHere.take("e@example.com")).toBe(0);
    expect(await limitThere.take("e@example.com")).toBe(0);
    expect(await limitHere.take("e@example.com")).toBeGreaterThan(0);
  });

  test("counts outlive the instance that made them", async () => {
    const clock = new ManualClock();
    const before = openStore(clock);
    for (let i = 0; i < 20; i++) await fail(new SignInThrottle(before, "t"), "7.7.7.7", `n${i}@example.com`);
    closeDatabase(opened.splice(opened.indexOf(before.db), 1)[0]!);
    const after = openStore(clock, before.dir);
    expect((await refusal(() => new SignInThrottle(after, "t").reserve("7.7.7.7", "x@example.com"))).code).toBe("too_many_requests");
  });

  test("the purge deletes only counts whose time has passed, and keys hold no address or email as written", async () => {
    const clock = new ManualClock();
    const store = openStore(clock);
    const shortWindow = new FailureLimiter(store, "short", 5, MINUTE);
    const longWindow = new FailureLimiter(store, "long", 5, 60 * MINUTE);
    await shortWindow.take("8.8.8.8");
    await longWindow.take("someone@example.com");
    const keys = (await store.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys).toHaveLength(2);
    expect(keys.join(" ")).not.toMatch(/8\.8\.8\.8|someone/);
    clock.advance(2 * MINUTE);
    await purgeExpiredRateLimits(store);
    expect((await store.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key)).toEqual([keys.find((k) => k.startsWith("long:"))!]);
  });
});
