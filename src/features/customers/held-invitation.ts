// The invitation of a customer added in Send Documents: with no documents requested it says
// nothing the share email will not, so it waits (mail/held.ts) and the share takes its place.
// Nothing takes it (the broker closed the dialog): it goes out alone once the hold is over.
import type { AppContext } from "../../context.ts";
import type { Writer } from "../../lib/jobs.ts";
import { holdEmail, takeHeldEmail } from "../mail/held.ts";
import type { QueueEmailInput } from "../mail/service.ts";

/** Long enough for the share's upload (SHARE_MAX_MB × 20 files on a slow line take minutes). */
const INVITATION_HOLD_MS = 15 * 60_000;
const group = (customerId: string) => `invitation:${customerId}`;

export function holdInvitation(ctx: AppContext, tx: Writer, customerId: string, email: QueueEmailInput): Promise<void> {
  return holdEmail(ctx, tx, { group: group(customerId), holdMs: INVITATION_HOLD_MS, email });
}

/**
 * Takes the customer's held invitation off the queue, in the caller's transaction: by the share
 * (its email is then the customer's first), a resent invitation, or the customer's deletion.
 * True when one was still waiting.
 */
export function takeHeldInvitation(ctx: AppContext, tx: Writer, customerId: string): Promise<boolean> {
  return takeHeldEmail(ctx, tx, group(customerId));
}
