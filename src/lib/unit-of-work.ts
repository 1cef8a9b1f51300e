// One transaction plus the events it causes: services write through `unit.tx` and announce with
// `unit.publish`. Before the transaction commits, each event is handed to the unit subscribers
// (the side effects many features cause: the audit trail, notifications, the webhooks' outbox),
// which write in the same transaction, so a side effect is never lost nor kept for a change that
// rolled back. After it commits, the events go to the live channel (ctx.events) without their
// facts (liveEventOf, src/lib/unit.ts), and not at all if it rolled back, so no screen is told
// about a change that did not happen.
import { transaction } from "../../db/transaction.ts";
import type { AppContext } from "../context.ts";
import type { Tx } from "../../db/types.ts";
import { liveEventOf, type Unit, type UnitEvent } from "./unit.ts";

export type { Unit, UnitSubscriber } from "./unit.ts";

export async function inTransaction<T>(ctx: AppContext, work: (unit: Unit) => Promise<T>): Promise<T> {
  const pending: UnitEvent[] = [];
  const now = ctx.clock.now();
  const result = await transaction(ctx.db, async (tx) => {
    const unit: Unit = { tx, now, publish: (event) => pending.push(event) };
    const value = await work(unit);
    // By index: a subscriber's own events join the end of the list and are handed on too.
    for (let i = 0; i < pending.length; i++) {
      for (const subscriber of ctx.unitSubscribers) await subscriber(unit, pending[i]!);
    }
    return value;
  });
  for (const event of pending) {
    const live = liveEventOf(event);
    if (live) ctx.events.publish(live);
  }
  return result;
}

/** A unit whose whole change is this event: its subscribers' writes (a read's audit entry), committed at once. */
export function publishAlone(ctx: AppContext, event: UnitEvent): Promise<void> {
  return inTransaction(ctx, async (unit) => unit.publish(event));
}

/** A write on its own (one statement, or a few that publish nothing), committed at once. */
export function write<T>(ctx: AppContext, work: (tx: Tx) => Promise<T>): Promise<T> {
  return transaction(ctx.db, work);
}
