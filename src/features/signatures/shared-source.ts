// A signature request's PDF taken from a file the broker already shared with this customer
// (issue 41 item 1) instead of an upload. The shared file is copied to the upload spool and from
// there goes through the same checks and into the store as an uploaded PDF would: the request
// keeps its own original, so deleting the shared file later changes nothing that was signed.
// (A signature template's PDF was checked when saved: templates.ts templatePdfBytes.)
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AppContext } from "../../context.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { randomToken } from "../../lib/tokens.ts";
import type { ReceivedFileData } from "../../lib/upload.ts";
import { SHARED } from "../../shared/documents.ts";
import { signatureMessages } from "../../shared/signatures.ts";
import { findDocument } from "../documents/service.ts";

/**
 * The shared file `documentId` of this customer, as a spooled file; 404 for anything else (another
 * customer's or workspace's file, a requested document, a missing id), so nothing is told of it.
 */
export async function spoolSharedPdf(ctx: AppContext, input: { workspaceId: string; customerId: string; documentId: string }): Promise<ReceivedFileData> {
  const doc = await findDocument(ctx, input.documentId);
  if (!doc || doc.workspaceId !== input.workspaceId || doc.customerId !== input.customerId || doc.status !== SHARED || !doc.storageKey) {
    throw notFound(signatureMessages.sharedFileNotFound);
  }
  if (doc.mimeType !== "application/pdf") throw new AppError("unsupported_type", signatureMessages.notPdf);
  return spool(ctx, doc.storageKey, doc.originalName ?? `${doc.name}.pdf`, signatureMessages.sharedFileNotFound);
}

async function spool(ctx: AppContext, key: string, originalName: string, missing: string): Promise<ReceivedFileData> {
  const file = await ctx.files.read(key);
  if (!file) throw notFound(missing);
  const tempPath = join(ctx.files.tempDir, `upload-${randomToken(12)}`);
  const bytes = new Uint8Array(await file.arrayBuffer());
  writeFileSync(tempPath, bytes);
  return { tempPath, originalName, mimeType: "application/pdf", size: bytes.length };
}
