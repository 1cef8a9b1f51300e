// The seal job (seal-signature-request), queued in the transaction of the last signature: the
// signer's answer does not wait for the seal, and a crash retries it. It reads the original and
// the signatures, seals on a work thread (seal-threads.ts: the seal's CPU never holds the server's
// requests), writes the sealed PDF under a new key (the file store writes a temporary file and
// renames it into place, so no key ever holds half a file), then in one transaction makes it the
// document's file, completes the request and records the audit entry with the sealed file's hash,
// and queues the completed emails. Until then the request stays partially_signed with every
// signer signed. A seal that fails for good (refused, or every attempt failed: a broken
// certificate file) is not silent: the request turns seal_failed, the broker's card says so with
// "Try again" (retrySeal), and the customer's team is notified.
import { and, eq } from "drizzle-orm";
import { hostname } from "node:os";
import { signatureRequests, signatureSigners } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import { enqueueJob, PermanentJobError, type Job } from "../../lib/jobs.ts";
import { newStorageKey } from "../../lib/storage.ts";
import { inTransaction } from "../../lib/unit-of-work.ts";
import { systemActor, type AuditActor } from "../audit/actor.ts";
import { auditEntryIdsOfDocument } from "../audit/service.ts";
import { aboutCustomer, aboutCustomerById, customerContact } from "../customers/lookups.ts";
import { findDocument } from "../documents/service.ts";
import { markSealed } from "../documents/transitions/index.ts";
import type { Scope } from "../../shared/workspaces.ts";
import { signatureMessages, splitSignedDay, type SignatureField } from "../../shared/signatures.ts";
import { emailSignersCompleted } from "./emails.ts";
import { findOwnedRequest, type SignatureRequest, type SignerRow } from "./lookups.ts";
import { brokerTimeZone } from "./certificate-zone.ts";
import { sealOnThread } from "./seal-threads.ts";
import { SEAL_JOB } from "./signing.ts";
import { customerNotice } from "../../shared/i18n/customer-notice.ts";

const SEAL_ACTOR = systemActor("Signature seal");

async function stored(ctx: AppContext, key: string, what: string): Promise<Uint8Array> {
  const file = await ctx.files.read(key);
  if (!file) throw new PermanentJobError(`${what} (${key}) is missing from the file store`);
  return new Uint8Array(await file.arrayBuffer());
}

async function sealInputSigner(ctx: AppContext, s: SignerRow, fields: readonly SignatureField[]) {
  const signature =
    s.signatureType === "drawn" && s.signatureKey
      ? { type: "drawn" as const, png: await stored(ctx, s.signatureKey, "A drawn signature") }
      : { type: "typed" as const, text: s.signatureText ?? s.name };
  return {
    name: s.name,
    email: s.email,
    ip: s.ip,
    userAgent: s.userAgent,
    consentedAt: s.consentedAt!,
    viewedAt: s.viewedAt,
    signedAt: s.signedAt!,
    signature,
    ...splitSignedDay(fields, s.values ?? {}),
  };
}

export async function sealSignatureRequest(ctx: AppContext, job: Job): Promise<void> {
  const requestId = String(job.payload.requestId);
  try {
    await seal(ctx, requestId);
  } catch (error) {
    // The scheduler gives up on a permanent error or the last attempt: the broker must hear of it.
    // Recording that may fail too (the database gone): then the seal's own error is still the job's.
    if (error instanceof PermanentJobError || job.attempts >= job.maxAttempts) {
      await recordSealFailure(ctx, requestId, error).catch((recording) => ctx.log.error("A failed seal could not be recorded", { requestId, error: String(recording) }));
    }
    throw error;
  }
}

async function seal(ctx: AppContext, requestId: string): Promise<void> {
  const request = (await ctx.db.select().from(signatureRequests).where(eq(signatureRequests.id, requestId)))[0];
  // Voided meanwhile, already sealed, or gone with its customer: nothing to do.
  if (!request || request.status !== "partially_signed" || !request.documentId) return;
  const signers = await ctx.db.select().from(signatureSigners).where(eq(signatureSigners.requestId, request.id)).orderBy(signatureSigners.position);
  if (!signers.every((s) => s.status === "signed")) return;
  const doc = await findDocument(ctx, request.documentId);
  if (!doc) return;
  // Read once: the broker's time zone for the certificate, whose customer it is (the event) and
  // their portal's address (the emails). Deleted meanwhile: the request went with it.
  const customer = await customerContact(ctx, request.customerId);
  if (!customer) return;

  const answer = await sealOnThread({
    certificate: { configured: ctx.config.signingCertificate, dataDir: ctx.config.dataDir, commonName: `${new URL(ctx.config.publicUrl).hostname || hostname()} document portal` },
    input: {
      original: await stored(ctx, request.originalStorageKey, "The original PDF"),
      documentName: request.name,
      fields: request.fields,
      signers: await Promise.all(signers.map((s) => sealInputSigner(ctx, s, request.fields))),
      auditEntryIds: await auditEntryIdsOfDocument(ctx, { brokerId: request.workspaceId, customerId: request.customerId, documentId: doc.id }),
      sealedAt: ctx.clock.now(),
      timeZone: await brokerTimeZone(ctx, customer),
    },
  });
  // What sealing refuses (checked at request and sign time, so not expected) will not pass on a retry.
  if (!answer.ok) throw answer.refused ? new PermanentJobError(answer.message) : new Error(answer.message);
  const { sealed } = answer;

  const key = newStorageKey();
  await ctx.files.write(key, sealed.pdf);
  const fileName = `${request.name.replace(/\.pdf$/i, "")} (signed).pdf`;
  try {
    await inTransaction(ctx, async (unit) => {
      const { tx, now } = unit;
      const completed = await tx
        .update(signatureRequests)
        .set({ status: "completed", completedAt: now, sealedSha256: sealed.sealedSha256 })
        .where(and(eq(signatureRequests.id, request.id), eq(signatureRequests.status, "partially_signed")))
        .returning({ id: signatureRequests.id });
      if (completed.length === 0) throw new AppError("conflict", "voided while sealing");
      const updated = await markSealed(unit, { documentId: doc.id, file: { storageKey: key, fileName, size: sealed.pdf.length } });
      unit.publish({
        type: "signature_request_changed",
        workspaceId: request.workspaceId,
        facts: {
          audit: [
            {
              brokerId: request.workspaceId,
              customerId: request.customerId,
              action: "signature_completed",
              actor: SEAL_ACTOR,
              document: updated,
              detail: `SHA-256 ${sealed.sealedSha256} (original ${sealed.originalSha256})`,
            },
          ],
          notify: [
            {
              to: "customer",
              customerId: request.customerId,
              brokerId: request.workspaceId,
              ...customerNotice("signed", { documentName: request.name }, { documentId: doc.id, signatureRequestId: request.id }),
            },
          ],
        },
      });
      unit.publish({ type: "signature_completed", ...aboutCustomer(customer), documentId: doc.id, signatureRequestId: request.id });
      await emailSignersCompleted(ctx, tx, { request, signers, uploadLinkUrl: customer.uploadUrl, sealed: { key, fileName, size: sealed.pdf.length } });
    });
  } catch (error) {
    await ctx.files.remove(key);
    // Voided or deleted while sealing: the void stands, and the sealed copy is dropped.
    if (error instanceof AppError && error.code === "conflict") return;
    throw error;
  }
}

/**
 * The seal failed for good: the request turns seal_failed (from partially_signed only: a void
 * meanwhile stands), and the customer's team is told. The reason stays in the portal's log and
 * the job's record; the broker reads what to do.
 */
async function recordSealFailure(ctx: AppContext, requestId: string, error: unknown): Promise<void> {
  ctx.log.error("A signed document could not be sealed; the broker is asked to try again", { requestId, error: error instanceof Error ? error.message : String(error) });
  await inTransaction(ctx, async (unit) => {
    const failed = await unit.tx
      .update(signatureRequests)
      .set({ status: "seal_failed" })
      .where(and(eq(signatureRequests.id, requestId), eq(signatureRequests.status, "partially_signed")))
      .returning();
    const request = failed[0];
    if (!request?.documentId) return;
    // Read once, for the event and the team's notification. The request goes with its customer
    // (on delete cascade), so the row just updated means the customer is there.
    const customer = await customerContact(ctx, request.customerId, unit.tx);
    if (!customer) return;
    const document = { id: request.documentId, name: request.name };
    unit.publish({
      type: "document_status_changed",
      ...aboutCustomer(customer),
      documentIds: [request.documentId],
      facts: {
        audit: [{ brokerId: request.workspaceId, customerId: request.customerId, action: "signature_seal_failed", actor: SEAL_ACTOR, document, detail: request.name }],
        notify: [
          {
            to: "team",
            customer,
            type: "signature_seal_failed",
            title: "Sealing failed",
            message: `${request.name}: ${signatureMessages.sealFailed}`,
            metadata: { customerId: request.customerId, documentId: request.documentId, signatureRequestId: request.id },
          },
        ],
      },
    });
  });
}

/**
 * "Try again" on a request whose seal failed: partially_signed again, its seal job runs anew, and
 * the trail says which member asked (as every other action on a request does).
 */
export async function retrySeal(ctx: AppContext, input: { member: Scope; requestId: string; actor: AuditActor }): Promise<SignatureRequest> {
  const { request } = await findOwnedRequest(ctx, input.member, input.requestId);
  await inTransaction(ctx, async (unit) => {
    const moved = await unit.tx
      .update(signatureRequests)
      .set({ status: "partially_signed" })
      .where(and(eq(signatureRequests.id, request.id), eq(signatureRequests.status, "seal_failed")))
      .returning({ id: signatureRequests.id });
    if (moved.length === 0) throw new AppError("conflict", signatureMessages.notSealFailed);
    // A job of its own (the failed one keeps its record and its key), whose attempts start anew.
    await enqueueJob(unit.tx, ctx.clock, { kind: SEAL_JOB, payload: { requestId: request.id }, dedupeKey: `seal:${request.id}:retry:${unit.now.getTime()}` });
    const document = request.documentId ? { id: request.documentId, name: request.name } : null;
    unit.publish({
      type: "signature_request_changed",
      workspaceId: request.workspaceId,
      facts: { audit: [{ brokerId: request.workspaceId, customerId: request.customerId, action: "signature_seal_retried", actor: input.actor, document, detail: request.name }] },
    });
    if (request.documentId) unit.publish({ type: "document_status_changed", ...(await aboutCustomerById(unit.tx, request.customerId)), documentIds: [request.documentId] });
  });
  return findOwnedRequest(ctx, input.member, request.id);
}
