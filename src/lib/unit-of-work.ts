// One transaction plus the events it causes: services write through `unit.tx` and announce with
// `unit.publish`; the events go out only after the transaction commits, and not at all if it
// rolls back, so no screen is told about a change that did not happen.
import { transaction } from "../../db/transaction.ts";
import type { AppContext } from "../context.ts";
import type { DomainEvent } from "./events.ts";
import type { Writer } from "./jobs.ts";

export interface Unit {
  tx: Writer;
  publish(event: DomainEvent): void;
  /** The time of this change, from the app's clock. */
  now: Date;
}

export async function inTransaction<T>(ctx: AppContext, work: (unit: Unit) => Promise<T>): Promise<T> {
  const pending: DomainEvent[] = [];
  const now = ctx.clock.now();
  const result = await transaction(ctx.db, (tx) => work({ tx, now, publish: (event) => pending.push(event) }));
  for (const event of pending) ctx.events.publish(event);
  return result;
}

/** A write on its own (one statement, or a few that publish nothing), committed at once. */
export function write<T>(ctx: AppContext, work: (tx: Writer) => Promise<T>): Promise<T> {
  return transaction(ctx.db, work);
}
