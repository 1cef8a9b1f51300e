// Counting failures in memory. The portal runs as one process on SQLite; a restart forgetting
// counts is acceptable for throttling (it costs a guesser minutes, not an account).
import type { Clock } from "./clock.ts";
import { AppError } from "./errors.ts";
import { messages } from "../shared/validation.ts";

const MINUTE = 60 * 1000;
// Maps are swept only when large, and at most once a minute, so a flood of new keys never turns
// every request into a full scan.
const SWEEP_ABOVE = 10_000;

/** Forgets entries whose time has passed, cheaply enough to call on every write. */
class ExpiringMap<V extends { expiresAt: number }> {
  private readonly entries = new Map<string, V>();
  private lastSweep = 0;

  constructor(private readonly clock: Clock) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= this.clock.now().getTime()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  set(key: string, entry: V): void {
    this.entries.set(key, entry);
    const now = this.clock.now().getTime();
    if (this.entries.size > SWEEP_ABOVE && now - this.lastSweep > MINUTE) {
      this.lastSweep = now;
      for (const [k, e] of this.entries) if (e.expiresAt <= now) this.entries.delete(k);
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}

/** Counts failures per key (an address, an account) in a fixed window. */
export class FailureLimiter {
  private readonly windows: ExpiringMap<{ failures: number; expiresAt: number }>;

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly clock: Clock,
  ) {
    this.windows = new ExpiringMap(clock);
  }

  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfter(key: string): number {
    const window = this.windows.get(key);
    if (!window || window.failures < this.maxFailures) return 0;
    return secondsUntil(window.expiresAt, this.clock);
  }

  recordFailure(key: string): void {
    const window = this.windows.get(key) ?? { failures: 0, expiresAt: this.clock.now().getTime() + this.windowMs };
    window.failures++;
    this.windows.set(key, window);
  }

  /** Takes back one counted failure (an attempt counted up front that turned out right). */
  forgive(key: string): void {
    const window = this.windows.get(key);
    if (window) window.failures = Math.max(0, window.failures - 1);
  }

  reset(key: string): void {
    this.windows.delete(key);
  }
}

const secondsUntil = (time: number, clock: Clock) => Math.max(1, Math.ceil((time - clock.now().getTime()) / 1000));

/** One sign-in attempt that passed the throttle; report how it ended, exactly once. */
export interface SignInAttempt {
  /** The password was right: the attempt is given back and this address's failures on the account forgotten. */
  succeeded(): void;
  /** The password was wrong: the attempt stays counted and the address's wait starts now. */
  failed(): void;
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
 * so brokers and customers share this class (one instance per kind of account).
 */
export class SignInThrottle {
  static readonly FREE_FAILURES_PER_PAIR = 5;
  static readonly MAX_PAIR_WAIT_MS = 15 * MINUTE;

  private readonly pairs: ExpiringMap<{ failures: number; waitUntil: number; expiresAt: number }>;
  private readonly knownAddresses: ExpiringMap<{ expiresAt: number }>;
  private readonly byAddress: FailureLimiter;
  private readonly byAccount: FailureLimiter;

  constructor(private readonly clock: Clock) {
    this.pairs = new ExpiringMap(clock);
    this.knownAddresses = new ExpiringMap(clock);
    this.byAddress = new FailureLimiter(20, 15 * MINUTE, clock);
    this.byAccount = new FailureLimiter(100, 15 * MINUTE, clock);
  }

  /**
   * Counts an attempt before the password is checked, or throws AppError 429 (with retryAfter
   * in seconds) when the address must wait. Call synchronously before any `await`.
   */
  reserve(address: string, account: string): SignInAttempt {
    this.refuseWhileWaiting(address, account);
    this.count(address, account);
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
    };
    return {
      succeeded: () =>
        settle(() => {
          this.byAddress.forgive(address);
          this.byAccount.forgive(account);
          this.succeeded(account, address);
        }),
      failed: () => settle(() => this.restartWait(address, account)),
    };
  }

  /** A right password from this address: forget its failures on the account and trust it. */
  private succeeded(account: string, address: string): void {
    const key = pairKey(address, account);
    this.pairs.delete(key);
    this.knownAddresses.set(key, { expiresAt: this.clock.now().getTime() + 30 * 24 * 60 * MINUTE });
  }

  /** 429 with the longest wait that applies: the pair's, the address's, or the account's. */
  private refuseWhileWaiting(address: string, account: string): void {
    const key = pairKey(address, account);
    const pair = this.pairs.get(key);
    const now = this.clock.now().getTime();
    const wait = Math.max(
      pair && pair.waitUntil > now ? secondsUntil(pair.waitUntil, this.clock) : 0,
      this.byAddress.retryAfter(address),
      this.knownAddresses.get(key) ? 0 : this.byAccount.retryAfter(account),
    );
    if (wait > 0) throw new AppError("too_many_requests", messages.tooManySignInAttempts(wait), { retryAfter: wait });
  }

  private count(address: string, account: string): void {
    this.byAddress.recordFailure(address);
    this.byAccount.recordFailure(account);
    const key = pairKey(address, account);
    const now = this.clock.now().getTime();
    const pair = this.pairs.get(key) ?? { failures: 0, waitUntil: now, expiresAt: 0 };
    pair.failures++;
    pair.waitUntil = now + pairWaitMs(pair.failures);
    pair.expiresAt = now + 24 * 60 * MINUTE;
    this.pairs.set(key, pair);
  }

  /** The wait runs from when the password proved wrong, not from when it was reserved. */
  private restartWait(address: string, account: string): void {
    const pair = this.pairs.get(pairKey(address, account));
    if (pair) pair.waitUntil = Math.max(pair.waitUntil, this.clock.now().getTime() + pairWaitMs(pair.failures));
  }
}

const pairKey = (address: string, account: string) => `${account}\n${address}`;

function pairWaitMs(failures: number): number {
  const beyond = failures - SignInThrottle.FREE_FAILURES_PER_PAIR;
  if (beyond < 0) return 0;
  return Math.min(1000 * 2 ** beyond, SignInThrottle.MAX_PAIR_WAIT_MS);
}
