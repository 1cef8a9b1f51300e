// The email asking a customer for a document again, with the reason: composed here once for the
// broker's re-submit request and the expiry renewal.
import type { AppContext } from "../../../context.ts";
import type { Writer } from "../../../lib/jobs.ts";
import { displayName } from "../../../shared/user-display.ts";
import type { PublicUser } from "../../auth/model.ts";
import { emailSender } from "../../broker-profile/contact.ts";
import { customerContact, type CustomerContact } from "../../customers/lookups.ts";
import { queueEmail } from "../../mail/service.ts";
import { resubmitRequestEmail } from "../../mail/templates.ts";
import type { DocumentRow } from "../service.ts";

/** Queues the re-submit email in the caller's transaction; the customer it went to, or null when the customer is gone. */
export async function queueResubmitEmail(
  ctx: AppContext,
  tx: Writer,
  input: { doc: DocumentRow; broker: PublicUser; reason: string; dedupeKey: string },
): Promise<CustomerContact | null> {
  const { doc, broker } = input;
  const customer = await customerContact(ctx, doc.customerId, tx);
  if (!customer) return null;
  const content = resubmitRequestEmail({
    customerName: customer.name,
    brokerName: displayName(broker),
    sender: await emailSender(ctx, broker.id, tx),
    uploadUrl: customer.uploadUrl,
    documentName: doc.name,
    reason: input.reason,
  });
  await queueEmail(ctx, tx, { kind: "resubmit_request", to: customer.email, dedupeKey: input.dedupeKey, ...content });
  return customer;
}
