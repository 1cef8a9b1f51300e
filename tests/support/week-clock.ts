// Moving a test server's manual clock through the weeks a cadence or reminder test needs.
import type { ManualClock } from "../../src/lib/clock.ts";

/** Moves the clock forward to an instant (never back). */
export function goTo(clock: ManualClock, at: Date): void {
  const ms = at.getTime() - clock.now().getTime();
  if (ms < 0) throw new Error(`the clock is already past ${at.toISOString()}`);
  clock.advance(ms);
}

/** The next Monday, 10:00 UTC, at least a day ahead: each test starts its own week. */
export function nextMonday(clock: ManualClock): Date {
  const now = clock.now();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 10));
  while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + 1);
  return d;
}

/** `days` after that Monday, at hour:minute UTC. */
export const dayAt = (monday: Date, days: number, hour: number, minute = 0) =>
  new Date(Date.UTC(monday.getUTCFullYear(), monday.getUTCMonth(), monday.getUTCDate() + days, hour, minute));
