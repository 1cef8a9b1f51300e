// The broker's side of a request after sending it: read it, void it, download the sealed PDF.
import { and, eq } from "drizzle-orm";
import { signatureRequests } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import type { RequestOrigin } from "../audit/actor.ts";
import { inTransaction } from "../../lib/unit-of-work.ts";
import { nextSignatureStatus, signatureMessages } from "../../shared/signatures.ts";
import type { Scope } from "../../shared/workspaces.ts";
import type { AuditActor } from "../audit/actor.ts";
import { publishAlone } from "../../lib/unit-of-work.ts";
import { visibleCustomer } from "../customers/lookups.ts";
import { findDocumentIn, findDocument } from "../documents/service.ts";
import { withdrawSignatureDocument } from "../documents/transitions/index.ts";
import { findOwnedRequest, requestsOfCustomer, type SignatureRequest } from "./lookups.ts";
import { customerNotice } from "../../shared/i18n/customer-notice.ts";

/** A visible customer's requests; 404 for a customer this member may not see. */
export async function customerRequests(ctx: AppContext, member: Scope, customerId: string): Promise<SignatureRequest[]> {
  const customer = await visibleCustomer(ctx, member, customerId);
  if (!customer) throw notFound("Customer not found");
  return requestsOfCustomer(ctx, member.workspaceId, customer.id);
}

/** Void: no one may sign any more, and the customer is no longer asked (its document is withdrawn). */
export async function voidRequest(ctx: AppContext, input: { member: Scope; requestId: string; actor: AuditActor }): Promise<SignatureRequest> {
  const { request } = await findOwnedRequest(ctx, input.member, input.requestId);
  await inTransaction(ctx, async (unit) => {
    const { tx, now } = unit;
    const current = (await tx.select().from(signatureRequests).where(eq(signatureRequests.id, request.id)))[0]!;
    const next = nextSignatureStatus(current.status, { type: "voided" });
    if ("error" in next) throw new AppError("conflict", next.error);
    // Guarded by the status read: a seal that completed meanwhile wins, and this is a 409.
    const moved = await tx
      .update(signatureRequests)
      .set({ status: next.status, voidedAt: now })
      .where(and(eq(signatureRequests.id, current.id), eq(signatureRequests.status, current.status)))
      .returning({ id: signatureRequests.id });
    if (moved.length === 0) throw new AppError("conflict", "This signature request changed meanwhile. Reload it and try again.");
    const doc = current.documentId ? await findDocumentIn(tx, current.documentId) : null;
    unit.publish({
      type: "signature_request_changed",
      workspaceId: current.workspaceId,
      facts: {
        audit: [
          {
            brokerId: current.workspaceId,
            customerId: current.customerId,
            action: "signature_voided",
            actor: input.actor,
            document: current.documentId ? { id: current.documentId, name: current.name } : null,
            detail: current.name,
          },
        ],
        notify: doc
          ? [
              {
                to: "customer",
                customerId: current.customerId,
                brokerId: current.workspaceId,
                ...customerNotice("signatureWithdrawn", { documentName: current.name }, { documentId: doc.id, signatureRequestId: current.id }),
              },
            ]
          : [],
      },
    });
    // Its document_status_changed tells the screens.
    if (doc) await withdrawSignatureDocument(unit, doc);
  });
  return findOwnedRequest(ctx, input.member, request.id);
}

/** The sealed PDF of a completed request, as a file to send; 409 before it is completed. */
export async function sealedFile(ctx: AppContext, input: { member: Scope; requestId: string; actor: AuditActor } & RequestOrigin): Promise<{ file: Blob; name: string; type: string }> {
  const { request } = await findOwnedRequest(ctx, input.member, input.requestId);
  if (request.status !== "completed") throw new AppError("conflict", signatureMessages.notCompleted);
  const doc = request.documentId ? await findDocument(ctx, request.documentId) : null;
  const file = doc?.storageKey ? await ctx.files.read(doc.storageKey) : null;
  if (!doc || !file) throw notFound("The signed PDF was deleted with its document.");
  await publishAlone(ctx, {
    type: "document_read",
    workspaceId: doc.workspaceId,
    facts: { audit: [{ brokerId: doc.workspaceId, customerId: doc.customerId, action: "downloaded", actor: input.actor, document: doc, detail: doc.originalName }] },
  });
  return { file, name: doc.originalName ?? `${request.name}.pdf`, type: "application/pdf" };
}
