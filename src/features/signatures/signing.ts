// What a signer does (the customer through their upload link, another signer through their own
// link; the routes resolve which signer asks): open the request (viewed, once), sign, or decline.
// Every refusal is a 4xx that changes nothing. A sign is decided inside its transaction: the
// signer's row moves from open to signed with a guarded update, so a replayed or second sign (two
// tabs, a resent request) finds it no longer open and is a 409.
import { and, eq, inArray } from "drizzle-orm";
import { signatureRequests, signatureSigners } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import { enqueueJob } from "../../lib/jobs.ts";
import { newStorageKey } from "../../lib/storage.ts";
import { inTransaction, type Unit } from "../../lib/unit-of-work.ts";
import type { EventFacts, NotificationFact } from "../../lib/unit.ts";
import { MAX_DRAWN_SIGNATURE_BYTES, nextSignatureStatus, signerInTurn, signedDay, type FieldValues, type SignatureField } from "../../shared/signatures.ts";
import { drawnTooLarge, transitionFault, typedSignatureFault, valuesFault } from "../../shared/signing-faults.ts";
import { signerFault } from "./faults.ts";
import type { AuditActor } from "../audit/actor.ts";
import { aboutCustomerById, customerContact } from "../customers/lookups.ts";
import { findDocument, findDocumentIn } from "../documents/service.ts";
import { withdrawSignatureDocument } from "../documents/transitions/index.ts";
import { emailSignerInvitations } from "./emails.ts";
import { signerRefusal, type SignerAccess, type SignerRow } from "./lookups.ts";
import type { SignInput } from "./model.ts";

export const SEAL_JOB = "seal-signature-request";

/** Where a signature was given from: recorded on the certificate page. */
export interface SigningOrigin {
  actor: AuditActor;
  userAgent: string | null;
}

const OPEN: SignerRow["status"][] = ["pending", "viewed"];

function refuseUnlessMayAct(ctx: AppContext, access: SignerAccess): void {
  const refusal = signerRefusal(access.found, access.signer, ctx.clock.now());
  if (refusal) throw signerFault(refusal);
}

/** The first time a signer opens the request: viewed (the request too, if it was only sent), audited. */
export async function openForSigner(ctx: AppContext, access: SignerAccess, origin: SigningOrigin): Promise<SignerAccess> {
  const { found, signer } = access;
  if (signer.status !== "pending" || !found.request.documentId) return access;
  const next = nextSignatureStatus(found.request.status, { type: "viewed" });
  if ("error" in next) return access; // finished: reading it changes nothing
  await inTransaction(ctx, async (unit) => {
    const moved = await unit.tx
      .update(signatureSigners)
      .set({ status: "viewed", viewedAt: unit.now })
      .where(and(eq(signatureSigners.id, signer.id), eq(signatureSigners.status, "pending")))
      .returning({ id: signatureSigners.id });
    if (moved.length === 0) return; // another request of the same signer got there first
    await unit.tx.update(signatureRequests).set({ status: next.status }).where(and(eq(signatureRequests.id, found.request.id), eq(signatureRequests.status, found.request.status)));
    await publishChange(unit, access, { audit: [{ ...auditBase(access, origin), action: "signature_viewed", detail: `${signer.name} <${signer.email}>` }] });
  });
  const now = ctx.clock.now();
  return {
    found: { ...found, request: { ...found.request, status: next.status }, signers: found.signers.map((s) => (s.id === signer.id ? { ...s, status: "viewed" as const, viewedAt: now } : s)) },
    signer: { ...signer, status: "viewed", viewedAt: now },
  };
}

const auditBase = (access: SignerAccess, origin: SigningOrigin) => ({
  brokerId: access.found.request.workspaceId,
  customerId: access.found.request.customerId,
  actor: origin.actor,
  document: access.found.request.documentId ? { id: access.found.request.documentId, name: access.found.request.name } : null,
});

/** The request's document changed (its screens refetch), with what the trail and the team are told. */
async function publishChange(unit: Unit, access: SignerAccess, facts: EventFacts) {
  const { request } = access.found;
  if (request.documentId) unit.publish({ type: "document_status_changed", ...(await aboutCustomerById(unit.tx, request.customerId)), documentIds: [request.documentId], facts });
  else unit.publish({ type: "signature_request_changed", workspaceId: request.workspaceId, facts });
}

/** A drawn signature as sent (base64, perhaps as a data: URL), decoded and checked to be a PNG sealing can draw. */
async function drawnPng(base64: string): Promise<Uint8Array> {
  const data = base64.replace(/^data:image\/png;base64,/, "").replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(data) || data.length % 4 !== 0 || data.length === 0) throw signerFault({ code: "notPng" });
  const png = new Uint8Array(Buffer.from(data, "base64"));
  if (png.length > MAX_DRAWN_SIGNATURE_BYTES) throw signerFault(drawnTooLarge);
  const { drawnSignatureReadable } = await import("./seal.ts");
  const verdict = await drawnSignatureReadable(png);
  if (verdict !== "ok") throw signerFault(verdict === "too_large" ? drawnTooLarge : { code: "notPng" });
  return png;
}

export async function sign(ctx: AppContext, access: SignerAccess, body: SignInput, origin: SigningOrigin): Promise<void> {
  if (body.consent !== true) throw signerFault({ code: "consentRequired" });
  const values: FieldValues = body.values ?? {};
  const fault = valuesFault(access.found.request.fields, access.signer.position, values) ?? (body.signature.type === "typed" ? typedSignatureFault(body.signature.text) : null);
  if (fault) throw signerFault(fault);
  refuseUnlessMayAct(ctx, access);
  const png = body.signature.type === "drawn" ? await drawnPng(body.signature.png) : null;
  const pngKey = png ? newStorageKey() : null;
  if (png && pngKey) await ctx.files.write(pngKey, png);
  try {
    await inTransaction(ctx, (unit) => recordSignature(ctx, unit, { access, body, values, pngKey, origin }));
  } catch (error) {
    if (pngKey) await ctx.files.remove(pngKey);
    throw error;
  }
}

function datesSigned(fields: readonly SignatureField[], signer: number, at: Date, timeZone: string | undefined): FieldValues {
  const day = signedDay(at, timeZone);
  return Object.fromEntries(fields.flatMap((field, index) => (field.signer === signer && field.type === "date" ? [[String(index), day]] : [])));
}

async function recordSignature(
  ctx: AppContext,
  unit: Unit,
  input: { access: SignerAccess; body: SignInput; values: FieldValues; pngKey: string | null; origin: SigningOrigin },
): Promise<void> {
  const { tx, now } = unit;
  const { access, body, origin } = input;
  const { signer } = access;
  // Read again inside the transaction: what was true before it may not be now.
  const request = (await tx.select().from(signatureRequests).where(eq(signatureRequests.id, signer.requestId)))[0]!;
  const signers = await tx.select().from(signatureSigners).where(eq(signatureSigners.requestId, request.id));
  const doc = request.documentId ? await findDocumentIn(tx, request.documentId) : null;
  const current = { request, signers, dueDate: doc?.dueDate ?? null };
  const refusal = signerRefusal(current, signers.find((s) => s.id === signer.id)!, now);
  if (refusal) throw signerFault(refusal);
  const signed = await tx
    .update(signatureSigners)
    .set({
      status: "signed",
      consentedAt: now,
      signedAt: now,
      viewedAt: signer.viewedAt ?? now,
      ip: origin.actor.address,
      userAgent: origin.userAgent,
      signatureType: body.signature.type,
      signatureText: body.signature.type === "typed" ? body.signature.text.trim() : null,
      signatureKey: input.pngKey,
      // The day each of this signer's date fields shows, on their own calendar, fixed now: the seal prints it.
      values: { ...input.values, ...datesSigned(access.found.request.fields, signer.position, now, body.timeZone) },
    })
    .where(and(eq(signatureSigners.id, signer.id), inArray(signatureSigners.status, OPEN)))
    .returning();
  if (signed.length === 0) throw signerFault({ code: "alreadySigned" });
  const signedCount = signers.filter((s) => s.status === "signed").length + 1;
  const next = nextSignatureStatus(request.status, { type: "signed", signedCount, signerCount: signers.length });
  if ("error" in next) throw signerFault(transitionFault(request.status));
  // Every signer signed: the request waits as partially signed until the seal job has written the
  // sealed PDF; the job, queued in this transaction, exists exactly when this signature does.
  const allSigned = next.status === "completed";
  await tx.update(signatureRequests).set({ status: "partially_signed" }).where(eq(signatureRequests.id, request.id));
  if (allSigned) await enqueueJob(tx, ctx.clock, { kind: SEAL_JOB, payload: { requestId: request.id }, dedupeKey: `seal:${request.id}` });
  const customer = await customerContact(ctx, request.customerId, tx);
  const notify: NotificationFact[] = [];
  if (customer) {
    // A signer is never a member: the customer's whole team (assignee and watchers) is told.
    notify.push({
      to: "team",
      customer,
      type: "document_signed",
      title: allSigned ? "Document signed by everyone" : "Document signed",
      message: `${signer.name} signed ${request.name} (${signedCount} of ${signers.length}).`,
      metadata: { customerId: request.customerId, documentId: request.documentId, signatureRequestId: request.id },
    });
    // In order: the next signer's turn has come.
    const after = signers.map((s) => (s.id === signer.id ? signed[0]! : s));
    const nextSigner = request.ordered && !allSigned ? signerInTurn(after) : null;
    if (nextSigner) await emailSignerInvitations(ctx, tx, { request, signers: [nextSigner], dueDate: current.dueDate, uploadLinkUrl: customer.uploadUrl });
  }
  await publishChange(unit, access, { audit: [{ ...auditBase(access, origin), action: "signed", detail: `${signer.name} <${signer.email}>, ${body.signature.type} signature` }], notify });
}

export async function decline(ctx: AppContext, access: SignerAccess, reasonGiven: string, origin: SigningOrigin): Promise<void> {
  const reason = reasonGiven.trim();
  if (!reason) throw signerFault({ code: "declineReasonRequired" });
  refuseUnlessMayAct(ctx, access);
  const { signer } = access;
  await inTransaction(ctx, async (unit) => {
    const { tx, now } = unit;
    const request = (await tx.select().from(signatureRequests).where(eq(signatureRequests.id, signer.requestId)))[0]!;
    const next = nextSignatureStatus(request.status, { type: "declined" });
    if ("error" in next) throw signerFault(transitionFault(request.status));
    const declined = await tx
      .update(signatureSigners)
      .set({ status: "declined", declinedAt: now, declineReason: reason, ip: origin.actor.address, userAgent: origin.userAgent })
      .where(and(eq(signatureSigners.id, signer.id), inArray(signatureSigners.status, OPEN)))
      .returning({ id: signatureSigners.id });
    if (declined.length === 0) throw signerFault({ code: "alreadySigned" });
    await tx.update(signatureRequests).set({ status: next.status }).where(eq(signatureRequests.id, request.id));
    const customer = await customerContact(ctx, request.customerId, tx);
    const notify: NotificationFact[] = customer
      ? [
          {
            to: "team",
            customer,
            type: "signature_declined",
            title: "Signing declined",
            message: `${signer.name} declined to sign ${request.name}: ${reason}`,
            metadata: { customerId: request.customerId, documentId: request.documentId, signatureRequestId: request.id },
          },
        ]
      : [];
    await publishChange(unit, access, { audit: [{ ...auditBase(access, origin), action: "signature_declined", detail: `${signer.name} <${signer.email}>: ${reason}` }], notify });
    const doc = request.documentId ? await findDocumentIn(tx, request.documentId) : null;
    if (doc) await withdrawSignatureDocument(unit, doc);
  });
}

/** The PDF a signer reads: the original until sealed, then the signed one; nothing once withdrawn. */
export async function signerDocument(ctx: AppContext, access: SignerAccess): Promise<{ file: Blob; name: string; type: string }> {
  const { request } = access.found;
  if (request.status === "voided" || request.status === "declined") throw signerFault({ code: "withdrawn" });
  const doc = request.status === "completed" && request.documentId ? await findDocument(ctx, request.documentId) : null;
  const key = request.status === "completed" ? doc?.storageKey : request.originalStorageKey;
  const file = key ? await ctx.files.read(key) : null;
  if (!file) throw new AppError("not_found", "This document's file is no longer stored.");
  return { file, name: request.status === "completed" ? (doc?.originalName ?? `${request.name}.pdf`) : request.originalName, type: "application/pdf" };
}
