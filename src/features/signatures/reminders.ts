// Reminders that fall on signature documents (issue 41): the broker's Send Reminder, a scheduled
// reminder and a cadence step each ask whoever has to sign now. The customer is asked in their
// usual reminder email, only while they have not signed; every other signer whose turn it is gets
// a reminder of their own with their link, from the customer's broker (branding, Reply-To) as the
// request email was. A request that can no longer be signed (finished, withdrawn, past due) asks
// no one. reminders/email.ts calls this for every reminder it queues.
import { inArray } from "drizzle-orm";
import { signatureRequests, signatureSigners } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import type { Writer } from "../../lib/jobs.ts";
import { nextSignatureStatus, signersAskedNow } from "../../shared/signatures.ts";
import { emailSignerInvitations } from "./emails.ts";

export interface SignerReminders {
  /** The signature documents on which the customer is still asked to sign (kept in their reminder). */
  customerAsked: Set<string>;
  /** "Engagement letter (alan@example.com)": the other signers reminded, for the audit entry. */
  othersReminded: string[];
}

export async function remindSigners(
  ctx: AppContext,
  db: Writer,
  input: { documents: readonly { id: string; kind: string; dueDate: Date | null }[]; now: Date; dedupeKey: string },
): Promise<SignerReminders> {
  const result: SignerReminders = { customerAsked: new Set(), othersReminded: [] };
  const docs = input.documents.filter((d) => d.kind === "signature");
  if (docs.length === 0) return result;
  const requests = await db.select().from(signatureRequests).where(inArray(signatureRequests.documentId, docs.map((d) => d.id)));
  if (requests.length === 0) return result;
  const signers = await db.select().from(signatureSigners).where(inArray(signatureSigners.requestId, requests.map((r) => r.id)));
  for (const request of requests) {
    const dueDate = docs.find((d) => d.id === request.documentId)!.dueDate;
    const open = !("error" in nextSignatureStatus(request.status, { type: "viewed" }));
    if (!open || (dueDate && dueDate.getTime() < input.now.getTime())) continue;
    const ofRequest = signers.filter((s) => s.requestId === request.id).sort((a, b) => a.position - b.position);
    const asked = signersAskedNow(request.ordered, ofRequest);
    if (asked.some((s) => s.customerId)) result.customerAsked.add(request.documentId!);
    const others = asked.filter((s) => !s.customerId);
    await emailSignerInvitations(ctx, db, { request, signers: others, dueDate, uploadLinkUrl: "", reminder: { dedupeKey: input.dedupeKey } });
    result.othersReminded.push(...others.map((s) => `${request.name} (${s.email})`));
  }
  return result;
}
