// Renewal requested: an approved document about to expire is asked for again (the expiry feature's
// scheduled step decides when; this is what it does to the document).
import { eq } from "drizzle-orm";
import { documents } from "../../../../db/tables.ts";
import type { AppContext } from "../../../context.ts";
import type { AboutCustomer } from "../../../lib/events.ts";
import type { Unit } from "../../../lib/unit-of-work.ts";
import { EXPIRY_ACTOR } from "../../audit/actor.ts";
import type { DocumentRow } from "../service.ts";
import { addToReviewEmail } from "./review-email.ts";
import { customerNotice } from "../../../shared/i18n/customer-notice.ts";

/**
 * The document goes back to need_to_resubmit with `reason` ("Expires on …, please send a current
 * one"); the customer gets the re-submit email (once per expiry date) and a notification. The
 * broker's comments stay: they were about the file the broker approved. `about`: whose customer it
 * is, read by the caller with its batch (one query for every document due, not one each).
 */
export async function requestRenewal(ctx: AppContext, unit: Unit, input: { doc: DocumentRow; reason: string; about: AboutCustomer }): Promise<void> {
  const { doc, reason, about } = input;
  await unit.tx.update(documents).set({ status: "need_to_resubmit", rejectionReason: reason, verifiedAt: null }).where(eq(documents.id, doc.id));
  // Once per expiry date: the expiry step claims the date (renewalRequestedAt) in this transaction.
  await addToReviewEmail(ctx, unit.tx, { doc, outcome: { documentName: doc.name, outcome: "resubmit", reason } });
  unit.publish({
    type: "document_status_changed",
    ...about,
    documentIds: [doc.id],
    facts: {
      audit: [{ brokerId: doc.workspaceId, customerId: doc.customerId, action: "resubmit_requested", actor: EXPIRY_ACTOR, document: doc, detail: reason }],
      notify: [{ to: "customer", customerId: doc.customerId, brokerId: doc.workspaceId, ...customerNotice("renewal", { documentName: doc.name, reason }, { documentId: doc.id }) }],
    },
  });
}
