// How long to wait before trying again after failures: the one doubling rule behind the job
// queue's retries (src/lib/jobs.ts), webhook redeliveries (webhooks/retry-schedule.ts) and the
// PostgreSQL event channel's reconnects (db/notify.ts). Each caller names its own first and
// longest wait; only the rule is shared.

export interface Backoff {
  /** The wait after the first failure. */
  firstMs: number;
  /** No wait is longer than this. */
  maxMs: number;
  /**
   * Spread each wait by up to this fraction either way (0.2: ±20 %), so callers that failed
   * together (a receiver's outage, a database restart) do not all come back in one burst.
   */
  jitter?: number;
}

/** The wait after `failures` failures in a row (1 after the first). `random` is in [0, 1). */
export function backoffMs(failures: number, backoff: Backoff, random: number = Math.random()): number {
  // 2 ** 30 is past any cap, and keeps the arithmetic finite for any number of failures.
  const wait = Math.min(backoff.maxMs, backoff.firstMs * 2 ** Math.min(Math.max(0, failures - 1), 30));
  const jitter = backoff.jitter ?? 0;
  return Math.round(wait * (1 - jitter + 2 * jitter * random));
}
