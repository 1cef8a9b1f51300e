// The audit trail as a side effect: every entry a published event's facts name is appended to the
// workspace's chain in the publishing transaction, in the order the events were published.
// Registered by src/side-effects.ts; features publish the facts and never import the writer.
import type { AppContext } from "../../context.ts";
import type { UnitSubscriber } from "../../lib/unit.ts";
import { recordAudit } from "./append.ts";

export const auditTrail =
  (ctx: AppContext): UnitSubscriber =>
  async (unit, event) => {
    for (const entry of event.facts?.audit ?? []) await recordAudit(ctx, unit, entry);
  };
