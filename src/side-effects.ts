// The side effects many features cause, as subscribers of the domain events a unit of work
// publishes (src/lib/unit.ts): each runs in the publishing transaction, before it commits. One
// list, registered wherever a context that runs services is built (the server, the CLI, the
// demo), so every path leaves the same trail. A feature that publishes never imports these: it
// names what they need in its event's `facts` (src/lib/unit.ts), which never leave the unit.
import type { AppContext } from "./context.ts";
import type { UnitSubscriber } from "./lib/unit.ts";
import { auditTrail } from "./features/audit/subscriber.ts";
import { notificationsOf } from "./features/notifications/subscriber.ts";
import { webhookOutbox } from "./features/webhooks/outbox.ts";

/** The subscribers, in the order they run for each event. */
function sideEffects(ctx: AppContext): UnitSubscriber[] {
  return [auditTrail(ctx), notificationsOf, webhookOutbox(ctx)];
}

/** Registers the side effects on a freshly built context; returns it. */
export function subscribeSideEffects(ctx: AppContext): AppContext {
  ctx.unitSubscribers.push(...sideEffects(ctx));
  return ctx;
}
