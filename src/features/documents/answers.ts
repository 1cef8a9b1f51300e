// A request's acceptance rules (set by its broker) and the customer's "I don't have this" answer
// (a reason instead of a file), which the broker accepts or declines, keeping the request open.
import { and, eq } from "drizzle-orm";
import { documents } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { AppError, badRequest } from "../../lib/errors.ts";
import { inTransaction } from "../../lib/unit-of-work.ts";
import { rulesProblem, type AcceptanceRules } from "../../shared/acceptance-rules.ts";
import { AWAITING_UPLOAD, canCustomerUpload, isRequirement } from "../../shared/documents.ts";
import type { AuditActor } from "../audit/actor.ts";
import { recordAudit } from "../audit/service.ts";
import { customerContact, recordCustomerActivity } from "../customers/lookups.ts";
import { addBrokerNotification, addCustomerNotification } from "../notifications/service.ts";
import { findCustomerDocument, findOwnedDocument, statusIn, type DocumentRow } from "./service.ts";

export const MAX_UNAVAILABLE_REASON = 1000;

/** Sets (or, with null, removes) a requested document's own acceptance rules. */
export async function setAcceptanceRules(ctx: AppContext, input: { brokerId: string; documentId: string; rules: AcceptanceRules | null }): Promise<DocumentRow> {
  const doc = await findOwnedDocument(ctx, input.brokerId, input.documentId);
  if (!isRequirement(doc.status)) throw new AppError("conflict", "Shared documents take no uploads, so they have no acceptance rules.");
  const problem = input.rules && rulesProblem(input.rules);
  if (problem) throw badRequest(problem);
  return inTransaction(ctx, async ({ tx }) => (await tx.update(documents).set({ acceptanceRules: input.rules }).where(eq(documents.id, doc.id)).returning())[0]!);
}

/** The customer answers a request they cannot fulfil with a reason; the broker is told. */
export async function answerUnavailable(ctx: AppContext, input: { customerIds: string[]; documentId: string; reason: string; actor: AuditActor }): Promise<DocumentRow> {
  const reason = input.reason.trim();
  if (!reason) throw badRequest("Please say why you don't have this document.");
  if (reason.length > MAX_UNAVAILABLE_REASON) throw badRequest(`Please keep the reason under ${MAX_UNAVAILABLE_REASON.toLocaleString("en-US")} characters.`);
  const doc = await findCustomerDocument(ctx, input.customerIds, input.documentId);
  if (!canCustomerUpload(doc.status)) throw new AppError("conflict", "This document no longer awaits anything from you.");
  return inTransaction(ctx, async (unit) => {
    const updated = (await unit.tx
      .update(documents)
      .set({ unavailableReason: reason, unavailableAt: unit.now, stillNeededAt: null })
      .where(and(eq(documents.id, doc.id), statusIn(AWAITING_UPLOAD)))
      .returning())[0];
    if (!updated) throw new AppError("conflict", "This document no longer awaits anything from you.");
    await recordCustomerActivity(unit.tx, doc.customerId, unit.now);
    await recordAudit(ctx, unit, { brokerId: doc.brokerId, customerId: doc.customerId, action: "unavailable_answered", actor: input.actor, document: doc, detail: reason });
    const customer = await customerContact(ctx, doc.customerId, unit.tx);
    await addBrokerNotification(unit, doc.brokerId, {
      type: "document_unavailable",
      title: "Customer doesn't have a document",
      message: `${customer?.name ?? "A customer"} doesn't have ${doc.name}: ${reason}`,
      metadata: { customerId: doc.customerId, documentId: doc.id },
    });
    unit.publish({ type: "document_uploaded", brokerId: doc.brokerId, customerId: doc.customerId, documentId: doc.id });
    return updated;
  });
}

/**
 * The broker's decision on an "I don't have this" answer: accept it (the request is settled:
 * approved without a file, the reason kept as its record) or keep the request open (the answer is
 * cleared, and the customer told a file is still needed: by a notification, and on the document's
 * card through the link, where guests see it too).
 */
export async function decideUnavailable(
  ctx: AppContext,
  input: { brokerId: string; documentId: string; decision: "accept" | "keep_open"; actor: AuditActor },
): Promise<DocumentRow> {
  const doc = await findOwnedDocument(ctx, input.brokerId, input.documentId);
  if (!doc.unavailableReason || !canCustomerUpload(doc.status)) throw new AppError("conflict", "There is no \"I don't have this\" answer to decide on.");
  return inTransaction(ctx, async (unit) => {
    const accepted = input.decision === "accept";
    const updated = (await unit.tx
      .update(documents)
      .set(
        accepted
          ? { status: "approved", verifiedAt: unit.now, adminComments: `Accepted without a file: ${doc.unavailableReason}` }
          : { unavailableReason: null, unavailableAt: null, stillNeededAt: unit.now },
      )
      .where(eq(documents.id, doc.id))
      .returning())[0]!;
    await recordAudit(ctx, unit, {
      brokerId: doc.brokerId,
      customerId: doc.customerId,
      action: accepted ? "unavailable_accepted" : "unavailable_kept_open",
      actor: input.actor,
      document: doc,
      detail: doc.unavailableReason,
    });
    await addCustomerNotification(unit, doc.customerId, {
      type: "other",
      brokerId: doc.brokerId,
      title: accepted ? "Answer accepted" : "Document still needed",
      message: accepted ? `Your broker accepted that you don't have ${doc.name}.` : `Your broker still needs ${doc.name}. Please upload it when you can.`,
      metadata: { documentId: doc.id },
    });
    unit.publish({ type: "document_verified", brokerId: doc.brokerId, customerId: doc.customerId, documentId: doc.id, status: updated.status });
    return updated;
  });
}
