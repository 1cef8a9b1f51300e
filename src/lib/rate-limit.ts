// Counts failures per key (an address, an account) in a fixed window. Kept in memory: the
// portal is one process, and a restart forgetting counts is acceptable for sign-in throttling.
import type { Clock } from "./clock.ts";

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
