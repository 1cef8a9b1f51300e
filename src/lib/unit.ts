// What a unit of work hands to the code inside it and to its subscribers (src/lib/unit-of-work.ts
// runs it). Apart, so the app context can hold the subscribers without importing the runner.
import type { Tx } from "../../db/types.ts";
import type { DomainEvent } from "./events.ts";

export interface Unit {
  tx: Tx;
  publish(event: DomainEvent): void;
  /** The time of this change, from the app's clock. */
  now: Date;
}

/**
 * A side effect of a domain event, written in the publishing transaction before it commits. It may
 * publish events itself (a notification's `notification_created`); those reach every subscriber too.
 * Registered once per context (`ctx.unitSubscribers`), by the composition that builds it.
 */
export type UnitSubscriber = (unit: Unit, event: DomainEvent) => Promise<void> | void;
