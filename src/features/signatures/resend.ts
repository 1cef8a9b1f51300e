// "Send it again" (issue 41 item 1): the broker asks once more the signers who have not signed:
// the signature request email again, with their link, to each signer still asked (in an ordered
// request only the one whose turn it is; the later ones are asked when it comes). For the customer
// it is a reminder, so it is throttled as the broker's reminders are (one a minute per customer,
// shared with Send Reminder) and marks them reminded.
import { asc, eq } from "drizzle-orm";
import { signatureSigners } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { inTransaction } from "../../lib/unit-of-work.ts";
import { nextSignatureStatus, signatureMessages, signersAskedNow } from "../../shared/signatures.ts";
import type { Scope } from "../../shared/workspaces.ts";
import type { AuditActor } from "../audit/actor.ts";
import { aboutCustomer, customerById, markReminded, refuseIfJustReminded, uploadUrl } from "../customers/lookups.ts";
import { emailSignerInvitations } from "./emails.ts";
import { findOwnedRequest, REQUEST_NOT_FOUND, requestById, type SignatureRequest } from "./lookups.ts";

export async function resendRequest(ctx: AppContext, input: { member: Scope; requestId: string; actor: AuditActor }): Promise<SignatureRequest> {
  const found = await findOwnedRequest(ctx, input.member, input.requestId);
  const { request } = found;
  const open = nextSignatureStatus(request.status, { type: "viewed" });
  if ("error" in open) throw new AppError("conflict", open.error);
  if (!request.documentId) throw new AppError("conflict", signatureMessages.withdrawn);
  const now = ctx.clock.now();
  // Its signers could not sign: the due date moves first (the signer's refusal says to ask for that).
  if (found.dueDate && found.dueDate.getTime() < now.getTime()) throw new AppError("conflict", signatureMessages.pastDueResend);
  // findOwnedRequest held the member to the customer's visibility: the customer is read by id.
  const customer = await customerById(ctx.db, request.customerId);
  if (!customer) throw notFound(REQUEST_NOT_FOUND);
  refuseIfJustReminded(customer.lastReminderAt, now);

  await inTransaction(ctx, async (unit) => {
    // Read again inside: a signer who signed meanwhile is not asked.
    const signers = await unit.tx.select().from(signatureSigners).where(eq(signatureSigners.requestId, request.id)).orderBy(asc(signatureSigners.position));
    const asked = signersAskedNow(request.ordered, signers);
    if (asked.length === 0) throw new AppError("conflict", signatureMessages.nothingToResend);
    await emailSignerInvitations(ctx, unit.tx, { request, signers: asked, dueDate: found.dueDate, uploadLinkUrl: uploadUrl(ctx, customer.uploadLink), sentAgainAt: unit.now });
    await markReminded(unit.tx, request.workspaceId, [customer.id], unit.now);
    unit.publish({
      type: "signature_request_changed",
      workspaceId: request.workspaceId,
      facts: {
        audit: [
          {
            brokerId: request.workspaceId,
            customerId: customer.id,
            action: "signature_resent",
            actor: input.actor,
            document: { id: request.documentId!, name: request.name },
            detail: `${request.name}: ${asked.map((s) => s.email).join(", ")}`,
          },
        ],
      },
    });
    // Its "last reminded" changed on the customer's page.
    unit.publish({ type: "customer_updated", ...aboutCustomer(customer) });
  });
  // Read again for the answer (who was asked, when), by id: its visibility was checked above.
  const sent = await requestById(ctx, request.id);
  if (!sent) throw notFound(REQUEST_NOT_FOUND);
  return sent;
}
