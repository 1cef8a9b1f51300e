// The email that tells a customer what became of their uploads: approved, or asked for again with
// the reason (the broker's re-submit request, an expiry renewal). A broker reviews a file after
// file, so each outcome joins the customer's pending review email, a batch job (lib/jobs.ts) sent
// REVIEW_EMAIL_WINDOW_SECONDS after the first outcome with every outcome since: one email, not
// one per click. The batch lives in the jobs table, so a restart in between loses nothing and the
// email is queued once (its dedupe key is the batch's).
import { transaction } from "../../../../db/transaction.ts";
import type { AppContext } from "../../../context.ts";
import { addToBatch, type Job, type Writer } from "../../../lib/jobs.ts";
import { emailSender } from "../../broker-profile/contact.ts";
import { customerContact } from "../../customers/lookups.ts";
import { queueEmail } from "../../mail/service.ts";
import { customerLanguage } from "../../workspaces/customer-language.ts";
import { reviewOutcomesEmail, type ReviewOutcome } from "../../mail/templates.ts";
import type { DocumentRow } from "../service.ts";

export const REVIEW_EMAIL_JOB = "review_email";

type Outcome = ReviewOutcome & { documentId: string };

/** Adds this outcome to the customer's review email, in the caller's transaction. */
export async function addToReviewEmail(ctx: AppContext, tx: Writer, input: { doc: DocumentRow; outcome: ReviewOutcome }): Promise<void> {
  const { doc } = input;
  const item: Outcome = { ...input.outcome, documentId: doc.id };
  await addToBatch(tx, ctx.clock, {
    kind: REVIEW_EMAIL_JOB,
    group: doc.customerId,
    item,
    windowMs: ctx.config.reviewEmailWindowMs,
    // The email comes from the customer's assignee as they are when it is sent (a reassignment meanwhile counts).
    payload: { brokerId: doc.workspaceId, customerId: doc.customerId },
  });
}

/** Each document once, with its last outcome: a broker who approved and then sent back the same file meant the second. */
function lastPerDocument(items: Outcome[]): Outcome[] {
  const last = new Map<string, Outcome>();
  for (const item of items) {
    last.delete(item.documentId);
    last.set(item.documentId, item);
  }
  return [...last.values()];
}

/** The job handler: the window is over, the customer gets one email with every outcome (nothing if they or their assignee are gone). */
export async function sendReviewEmail(ctx: AppContext, job: Job): Promise<void> {
  const outcomes = lastPerDocument((job.payload.items ?? []) as Outcome[]);
  const customer = await customerContact(ctx, String(job.payload.customerId));
  const sender = customer && (await emailSender(ctx, customer));
  if (!customer || !sender || outcomes.length === 0) return;
  const content = reviewOutcomesEmail({
    language: await customerLanguage(ctx.db, customer),
    customerName: customer.name,
    brokerName: sender.name,
    sender,
    uploadUrl: customer.uploadUrl,
    outcomes,
  });
  const kind = outcomes.length > 1 ? "review_outcomes" : outcomes[0]!.outcome === "approved" ? "document_approved" : "resubmit_request";
  await transaction(ctx.db, (tx) => queueEmail(ctx, tx, { kind, to: customer.email, dedupeKey: `review:${job.id}`, ...content }));
}
