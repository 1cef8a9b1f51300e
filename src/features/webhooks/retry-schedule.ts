// When a failed delivery is tried again, when it is given up, and when an endpoint that keeps
// failing is switched off (issue 43: exponential backoff for 3 days, disabled after repeated failure).
import { backoffMs, type Backoff } from "../../shared/backoff.ts";

/**
 * 30 s after the first failure, each later wait doubled; none longer than 12 h, so a receiver back
 * after a night's outage hears within hours; ±20 % so endpoints that failed together (a
 * receiver's outage) do not all come back in one burst.
 */
const REDELIVERY: Backoff = { firstMs: 30_000, maxMs: 12 * 60 * 60 * 1000, jitter: 0.2 };
/** A delivery is retried until this long after its first attempt, then given up. */
export const RETRY_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * When to try a delivery again after its `attempts`-th failed attempt (1 after the first), or null
 * to give up: the next attempt would fall past 3 days from the first. `random` is in [0, 1).
 */
export function nextAttemptAt(options: { attempts: number; firstAttemptAt: Date; now: Date; random?: number }): Date | null {
  const next = options.now.getTime() + backoffMs(options.attempts, REDELIVERY, options.random);
  return next > options.firstAttemptAt.getTime() + RETRY_WINDOW_MS ? null : new Date(next);
}

/** Failed attempts in a row (over all its deliveries) that switch an endpoint off… */
export const DISABLE_AFTER_FAILURES = 20;
/** …provided the failures span at least this long: a burst of events during a short outage is not "repeated failure". */
const DISABLE_AFTER_FAILING_MS = 24 * 60 * 60 * 1000;

/** Whether an endpoint is switched off (and its owner told) after this failure. */
export function shouldDisableEndpoint(options: { consecutiveFailures: number; failingSince: Date; now: Date }): boolean {
  return (
    options.consecutiveFailures >= DISABLE_AFTER_FAILURES &&
    options.now.getTime() - options.failingSince.getTime() >= DISABLE_AFTER_FAILING_MS
  );
}
