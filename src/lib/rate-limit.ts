// Counts failures per key (an address, an account) in a fixed window. Kept in memory: the
// portal is one process, and a restart forgetting counts is acceptable for sign-in throttling.
import type { Clock } from "./clock.ts";
import { AppError } from "./errors.ts";

interface Window {
  failures: number;
  resetAt: number;
}

export class FailureLimiter {
  private windows = new Map<string, Window>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly clock: Clock,
  ) {}

  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfter(key: string): number {
    const window = this.current(key);
    if (!window || window.failures < this.maxFailures) return 0;
    return Math.max(1, Math.ceil((window.resetAt - this.clock.now().getTime()) / 1000));
  }

  recordFailure(key: string): void {
    const now = this.clock.now().getTime();
    const window = this.current(key) ?? { failures: 0, resetAt: now + this.windowMs };
    window.failures++;
    this.windows.set(key, window);
    if (this.windows.size > 10_000) this.sweep(now);
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private current(key: string): Window | undefined {
    const window = this.windows.get(key);
    if (window && window.resetAt <= this.clock.now().getTime()) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/**
 * Sign-in throttling: failures counted per address (20 per 15 minutes) and per account (5 per
 * 15 minutes); either one over its limit refuses further tries with 429 and Retry-After.
 */
export class SignInThrottle {
  private readonly byAddress: FailureLimiter;
  private readonly byAccount: FailureLimiter;

  constructor(clock: Clock, windowMs = 15 * 60 * 1000) {
    this.byAddress = new FailureLimiter(20, windowMs, clock);
    this.byAccount = new FailureLimiter(5, windowMs, clock);
  }

  assertAllowed(address: string, account: string): void {
    const wait = Math.max(this.byAddress.retryAfter(address), this.byAccount.retryAfter(account));
    if (wait === 0) return;
    const minutes = Math.ceil(wait / 60);
    throw new AppError("too_many_requests", `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, {
      retryAfter: wait,
    });
  }

  failed(address: string, account: string): void {
    this.byAddress.recordFailure(address);
    this.byAccount.recordFailure(account);
  }

  succeeded(account: string): void {
    this.byAccount.reset(account);
  }
}
