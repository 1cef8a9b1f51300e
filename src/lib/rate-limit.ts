// Throttling counts, kept in the database (table rate_limits) so that every portal instance on one
// database shares them: guesses spread over instances behind a load balancer meet the same limits
// as guesses sent to one.
//
// Each check-and-count is one transaction that starts by upserting the counted row and decides
// from what the upsert returns. Concurrent attempts on one key therefore take turns on that row
// (SQLite: one writer at a time; PostgreSQL: the upsert locks the row until commit) and none
// decides from a count another is changing. A refused attempt rolls its transaction back, so it
// counts nothing. Only Drizzle builders and standard SQL (CASE) are used: the same code runs on
// SQLite and PostgreSQL.
import { createHash } from "node:crypto";
import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { rateLimits } from "../../db/tables.ts";
import { transaction } from "../../db/transaction.ts";
import type { Clock } from "./clock.ts";
import { AppError } from "./errors.ts";
import { messages } from "../shared/validation.ts";

const MINUTE = 60 * 1000;

/** Where the counts live and what time it is: an AppContext fits. */
export interface RateLimitStore {
  db: Db;
  clock: Clock;
}

type Row = typeof rateLimits.$inferSelect;

/**
 * The row's key: the limit's name and a hash of what it counts, so every key is short whatever a
 * caller sends, and emails and addresses are not stored as written.
 */
const keyOf = (name: string, subject: string) => `${name}:${createHash("sha256").update(subject).digest("base64url")}`;

const secondsUntil = (time: Date, now: Date) => Math.max(1, Math.ceil((time.getTime() - now.getTime()) / 1000));

/** Rows whose time has passed count as absent until the purge removes them. */
const live = (key: string, now: Date) => and(eq(rateLimits.key, key), gt(rateLimits.expiresAt, now));

/**
 * Counts one more against `key` and returns the row as it now is. A row whose time has passed
 * starts over: count 1, a fresh `expiresAt`, no wait. `renew` says whether a live row's
 * `expiresAt` moves to `expiresAt` too (a sign-in pair is remembered from its last failure) or
 * stays (a fixed window).
 */
async function countOne(tx: Tx, key: string, now: Date, expiresAt: Date, renew: boolean): Promise<Row> {
  const passed = lte(rateLimits.expiresAt, now);
  const newExpiry = sql.param(expiresAt, rateLimits.expiresAt);
  const rows = await tx
    .insert(rateLimits)
    .values({ key, count: 1, waitUntil: null, expiresAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${passed} then 1 else ${rateLimits.count} + 1 end`,
        waitUntil: sql`case when ${passed} then null else ${rateLimits.waitUntil} end`,
        expiresAt: renew ? expiresAt : sql`case when ${passed} then ${newExpiry} else ${rateLimits.expiresAt} end`,
      },
    })
    .returning();
  return rows[0]!;
}

/** Thrown inside a transaction to roll back the counts of an attempt that must wait. */
class MustWait extends Error {
  constructor(readonly refusal: Refusal) {
    super("must wait");
  }
}

export interface Refusal {
  limiter: FailureLimiter;
  /** Seconds until the subject may try again. */
  wait: number;
}

/** Counts attempts per subject (an address, an email, an account) in a fixed window. */
export class FailureLimiter {
  /**
   * `name` tells this limit's rows from every other's; limiters built with the same name (in
   * another instance of the portal) share their counts.
   */
  constructor(
    private readonly store: RateLimitStore,
    private readonly name: string,
    private readonly maxFailures: number,
    private readonly windowMs: number,
  ) {}

  /** Seconds until the subject may try again, or 0 when it may try now. Counts nothing. */
  async retryAfter(subject: string): Promise<number> {
    const now = this.store.clock.now();
    const row = (await this.store.db.select().from(rateLimits).where(live(this.key(subject), now)))[0];
    return row && row.count >= this.maxFailures ? secondsUntil(row.expiresAt, now) : 0;
  }

  /**
   * Counts one attempt, or, when the subject has used its allowance, counts nothing and returns
   * the seconds it must wait. 0 means counted: go ahead.
   */
  async take(subject: string): Promise<number> {
    return (await FailureLimiter.takeAll([{ limiter: this, subject }]))?.wait ?? 0;
  }

  /**
   * `take` for several limits at once, all or nothing: each attempt is counted only if none must
   * wait. Returns the first (in the order given) that must wait, or null when all were counted.
   */
  static async takeAll(attempts: { limiter: FailureLimiter; subject: string }[]): Promise<Refusal | null> {
    const store = attempts[0]?.limiter.store;
    if (!store) return null;
    const now = store.clock.now();
    try {
      await transaction(store.db, async (tx) => {
        for (const { limiter, subject } of attempts) {
          const wait = await limiter.count(tx, subject, now);
          if (wait > 0) throw new MustWait({ limiter, wait });
        }
      });
      return null;
    } catch (error) {
      if (error instanceof MustWait) return error.refusal;
      throw error;
    }
  }

  /**
   * Counts one attempt inside `tx` and returns the wait the subject had before it (0: it was
   * allowed). A caller that finds a wait must roll `tx` back, or the refused attempt stays counted.
   */
  async count(tx: Tx, subject: string, now: Date): Promise<number> {
    const row = await countOne(tx, this.key(subject), now, new Date(now.getTime() + this.windowMs), false);
    return row.count > this.maxFailures ? secondsUntil(row.expiresAt, now) : 0;
  }

  /** Takes back one counted attempt (one counted up front that turned out right). */
  async forgive(tx: Tx, subject: string, now: Date): Promise<void> {
    await tx
      .update(rateLimits)
      .set({ count: sql`case when ${rateLimits.count} > 0 then ${rateLimits.count} - 1 else 0 end` })
      .where(live(this.key(subject), now));
  }

  private key(subject: string): string {
    return keyOf(this.name, subject);
  }
}

/** One sign-in attempt that passed the throttle; report how it ended, exactly once. */
export interface SignInAttempt {
  /** The password was right: the attempt is given back and this address's failures on the account forgotten. */
  succeeded(): Promise<void>;
  /** The password was wrong: the attempt stays counted and the address's wait starts now. */
  failed(): Promise<void>;
}

/**
 * Sign-in throttling that slows a guesser without locking out the real owner.
 *
 * - Per (account, address) pair: 5 free failures, then the pair waits 1 s, 2 s, 4 s … (doubling
 *   with each further failure, at most 15 minutes). Remembered for a day after the last failure
 *   so waiting out the cap does not reset the doubling. This is what a guesser meets first, and
 *   it never touches the owner at another address.
 * - Per address, across accounts: 20 failures per 15 minutes, so one machine cannot spread its
 *   guesses over many accounts.
 * - Per account, across addresses: 100 failures per 15 minutes, bounding distributed guessing.
 *   Addresses that signed in to the account within 30 days are exempt, so guessers elsewhere
 *   cannot lock the owner out of their usual place; only a new place waits while under attack.
 *
 * Every attempt is counted when it is reserved, before the password is checked (argon2 takes
 * tens of milliseconds), so concurrent guesses beyond the allowance are refused without being
 * verified; a right password gives its attempt back. Addresses and accounts are plain strings,
 * so brokers and customers share this class (one name per kind of account).
 */
export class SignInThrottle {
  static readonly FREE_FAILURES_PER_PAIR = 5;
  static readonly MAX_PAIR_WAIT_MS = 15 * MINUTE;

  private readonly byAddress: FailureLimiter;
  private readonly byAccount: FailureLimiter;

  /** `name` tells this throttle's rows apart (e.g. broker and customer sign-ins count separately). */
  constructor(
    private readonly store: RateLimitStore,
    private readonly name: string,
  ) {
    this.byAddress = new FailureLimiter(store, `${name}:address`, 20, 15 * MINUTE);
    this.byAccount = new FailureLimiter(store, `${name}:account`, 100, 15 * MINUTE);
  }

  /**
   * Counts an attempt before the password is checked, or throws AppError 429 (with retryAfter in
   * seconds, counting nothing) when the address must wait: the longest wait that applies, the
   * pair's, the address's, or (from an address not known to the account) the account's.
   */
  async reserve(address: string, account: string): Promise<SignInAttempt> {
    const now = this.store.clock.now();
    const pairKey = this.pairKey(address, account);
    // Rows are always taken in this order (pair, address, account), here and when settling, so
    // two transactions on PostgreSQL never wait on each other's rows in a circle.
    await transaction(this.store.db, async (tx) => {
      const pair = await countOne(tx, pairKey, now, new Date(now.getTime() + 24 * 60 * MINUTE), true);
      const addressWait = await this.byAddress.count(tx, address, now);
      const accountWait = await this.byAccount.count(tx, account, now);
      const known = (await tx.select({ key: rateLimits.key }).from(rateLimits).where(live(this.knownKey(address, account), now)))[0];
      // The upsert keeps a live pair's wait as it was: the wait this attempt meets.
      const wait = Math.max(pair.waitUntil && pair.waitUntil > now ? secondsUntil(pair.waitUntil, now) : 0, addressWait, known ? 0 : accountWait);
      if (wait > 0) throw new AppError("too_many_requests", messages.tooManySignInAttempts(wait), { retryAfter: wait });
      await tx.update(rateLimits).set({ waitUntil: new Date(now.getTime() + pairWaitMs(pair.count)) }).where(eq(rateLimits.key, pairKey));
    });
    let settled = false;
    const settle = async (outcome: () => Promise<void>) => {
      if (settled) return;
      settled = true;
      await outcome();
    };
    return {
      succeeded: () => settle(() => this.succeeded(address, account)),
      failed: () => settle(() => this.restartWait(address, account)),
    };
  }

  /** A right password from this address: its attempt back, its failures on the account forgotten, the address trusted. */
  private async succeeded(address: string, account: string): Promise<void> {
    const now = this.store.clock.now();
    await transaction(this.store.db, async (tx) => {
      await tx.delete(rateLimits).where(eq(rateLimits.key, this.pairKey(address, account)));
      await this.byAddress.forgive(tx, address, now);
      await this.byAccount.forgive(tx, account, now);
      const expiresAt = new Date(now.getTime() + 30 * 24 * 60 * MINUTE);
      await tx
        .insert(rateLimits)
        .values({ key: this.knownKey(address, account), count: 0, waitUntil: null, expiresAt })
        .onConflictDoUpdate({ target: rateLimits.key, set: { expiresAt } });
    });
  }

  /** The wait runs from when the password proved wrong, not from when it was reserved. */
  private async restartWait(address: string, account: string): Promise<void> {
    const now = this.store.clock.now();
    const key = this.pairKey(address, account);
    await transaction(this.store.db, async (tx) => {
      // An update that changes nothing, to read the pair and lock it (on PostgreSQL) until this
      // transaction ends: its count may have grown since the reservation.
      const pair = (await tx.update(rateLimits).set({ count: sql`${rateLimits.count}` }).where(live(key, now)).returning())[0];
      if (!pair) return;
      const waitUntil = new Date(now.getTime() + pairWaitMs(pair.count));
      if (!pair.waitUntil || pair.waitUntil < waitUntil) await tx.update(rateLimits).set({ waitUntil }).where(eq(rateLimits.key, key));
    });
  }

  private pairKey(address: string, account: string): string {
    return keyOf(`${this.name}:pair`, `${account}\n${address}`);
  }

  private knownKey(address: string, account: string): string {
    return keyOf(`${this.name}:known`, `${account}\n${address}`);
  }
}

function pairWaitMs(failures: number): number {
  const beyond = failures - SignInThrottle.FREE_FAILURES_PER_PAIR;
  if (beyond < 0) return 0;
  return Math.min(1000 * 2 ** beyond, SignInThrottle.MAX_PAIR_WAIT_MS);
}

/** Deletes the counts whose time has passed (they already count as absent); run hourly. */
export async function purgeExpiredRateLimits(store: RateLimitStore): Promise<void> {
  const now = store.clock.now();
  await transaction(store.db, (tx) => tx.delete(rateLimits).where(lte(rateLimits.expiresAt, now)));
}
