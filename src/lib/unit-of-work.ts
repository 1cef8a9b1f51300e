// One transaction plus the events it causes: services write through `unit.tx` and announce with
// `unit.publish`; the events go out only after the transaction commits, and not at all if it
// rolls back, so no screen is told about a change that did not happen.
import type { AppContext } from "../context.ts";
import type { DomainEvent } from "./events.ts";
import type { Writer } from "./jobs.ts";

export interface Unit {
  tx: Writer;
  publish(event: DomainEvent): void;
  /** The time of this change, from the app's clock. */
  now: Date;
}

export function inTransaction<T>(ctx: AppContext, work: (unit: Unit) => T): T {
  const pending: DomainEvent[] = [];
  const now = ctx.clock.now();
  // IMMEDIATE: the write lock is taken at BEGIN, so two writers never dead-end upgrading a read
  // lock (SQLite answers that with SQLITE_BUSY at once, whatever the busy timeout).
  const result = ctx.db.transaction((tx) => work({ tx, now, publish: (event) => pending.push(event) }), { behavior: "immediate" });
  for (const event of pending) ctx.events.publish(event);
  return result;
}
