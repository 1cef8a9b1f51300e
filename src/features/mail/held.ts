// An email held back for a while, in case a fuller one replaces it: a customer added in Send
// Documents would otherwise get an invitation with nothing in it and, a moment later, the share
// email. The held email waits as a batch job (lib/jobs.ts) with its whole content; the share takes
// it off the queue and sends the one email that says both. Nothing takes it: it goes out when its
// time comes, after a restart too.
import { transaction } from "../../../db/transaction.ts";
import type { AppContext } from "../../context.ts";
import { addToBatch, takeBatch, type Job, type Writer } from "../../lib/jobs.ts";
import { queueEmail, type QueueEmailInput } from "./service.ts";

export const HELD_EMAIL_JOB = "held_email";

/** Holds `email` for `holdMs` under `group` (e.g. `invitation:<customerId>`). In the caller's transaction. */
export async function holdEmail(ctx: AppContext, db: Writer, input: { group: string; holdMs: number; email: QueueEmailInput }): Promise<void> {
  await addToBatch(db, ctx.clock, { kind: HELD_EMAIL_JOB, group: input.group, item: input.email, windowMs: input.holdMs });
}

/** Takes the group's held email off the queue: true when there was one still waiting (it is then never sent). */
export async function takeHeldEmail(ctx: AppContext, db: Writer, group: string): Promise<boolean> {
  return (await takeBatch(db, ctx.clock, { kind: HELD_EMAIL_JOB, group })) !== null;
}

/** The job handler: the held email's time came, so it goes to the outbox (once: its dedupe key). */
export async function sendHeldEmail(ctx: AppContext, job: Job): Promise<void> {
  const items = (job.payload.items ?? []) as QueueEmailInput[];
  await transaction(ctx.db, async (tx) => {
    for (const email of items) await queueEmail(ctx, tx, email);
  });
}
