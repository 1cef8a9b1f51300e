// The seal job (seal-signature-request), queued in the transaction of the last signature: the
// signer's answer does not wait for ~0.2 s of CPU, and a crash retries it. It reads the original
// and the signatures, seals (seal.ts, loaded here only), writes the sealed PDF under a new key
// (the file store writes a temporary file and renames it into place, so no key ever holds half a
// file), then in one transaction makes it the document's file, completes the request and records
// the audit entry with the sealed file's hash, and queues the completed emails. Until then the
// request stays partially_signed with every signer signed.
import { and, eq } from "drizzle-orm";
import { hostname } from "node:os";
import { signatureRequests, signatureSigners } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { PermanentJobError, type Job } from "../../lib/jobs.ts";
import { newStorageKey } from "../../lib/storage.ts";
import { inTransaction } from "../../lib/unit-of-work.ts";
import { systemActor } from "../audit/actor.ts";
import { auditEntryIdsOfDocument } from "../audit/service.ts";
import { aboutCustomer, customerContact } from "../customers/lookups.ts";
import { findDocument } from "../documents/service.ts";
import { markSealed } from "../documents/transitions/index.ts";
import { emailSignersCompleted } from "./emails.ts";
import type { SignerRow } from "./lookups.ts";

const SEAL_ACTOR = systemActor("Signature seal");

async function stored(ctx: AppContext, key: string, what: string): Promise<Uint8Array> {
  const file = await ctx.files.read(key);
  if (!file) throw new PermanentJobError(`${what} (${key}) is missing from the file store`);
  return new Uint8Array(await file.arrayBuffer());
}

async function sealInputSigner(ctx: AppContext, s: SignerRow) {
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
    values: s.values ?? {},
  };
}

export async function sealSignatureRequest(ctx: AppContext, job: Job): Promise<void> {
  const requestId = String(job.payload.requestId);
  const request = (await ctx.db.select().from(signatureRequests).where(eq(signatureRequests.id, requestId)))[0];
  // Voided meanwhile, already sealed, or gone with its customer: nothing to do.
  if (!request || request.status !== "partially_signed" || !request.documentId) return;
  const signers = await ctx.db.select().from(signatureSigners).where(eq(signatureSigners.requestId, request.id)).orderBy(signatureSigners.position);
  if (!signers.every((s) => s.status === "signed")) return;
  const doc = await findDocument(ctx, request.documentId);
  if (!doc) return;

  const { sealPdf } = await import("./seal.ts");
  const { sealingCertificate } = await import("./certificate-key.ts");
  const certificate = sealingCertificate({ configured: ctx.config.signingCertificate, dataDir: ctx.config.dataDir, commonName: `${new URL(ctx.config.publicUrl).hostname || hostname()} document portal` });
  let sealed;
  try {
    sealed = await sealPdf({
      original: await stored(ctx, request.originalStorageKey, "The original PDF"),
      documentName: request.name,
      fields: request.fields,
      signers: await Promise.all(signers.map((s) => sealInputSigner(ctx, s))),
      auditEntryIds: await auditEntryIdsOfDocument(ctx, { brokerId: request.workspaceId, customerId: request.customerId, documentId: doc.id }),
      certificate,
      sealedAt: ctx.clock.now(),
    });
  } catch (error) {
    // What sealing refuses (checked at request and sign time, so not expected) will not pass on a retry.
    if (error instanceof AppError && error.code === "bad_request") throw new PermanentJobError(error.message);
    throw error;
  }

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
              type: "other",
              brokerId: request.workspaceId,
              title: "Document signed",
              message: `Everyone has signed ${request.name}. The signed PDF is in your portal.`,
              metadata: { documentId: doc.id, signatureRequestId: request.id },
            },
          ],
        },
      });
      // Read once: whose customer it is (the event) and their portal's address (the emails).
      const customer = await customerContact(ctx, request.customerId, tx);
      if (!customer) throw notFound("Customer not found");
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
