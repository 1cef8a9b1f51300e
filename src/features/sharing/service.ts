// Sharing files with customers: the broker sends files (streamed to disk, typed by content) to
// some of their customers. Each file is stored once, whatever the number of recipients; every
// recipient gets one "shared" document row per file pointing at that one stored file, one email
// naming every file, a notification and a live update. All or nothing: any refusal leaves no
// file, row, email or temporary file behind. Sharing owns no table; it calls the owners.
import { scanReceivedFiles } from "../document-checks/service.ts";
import { rmSync } from "node:fs";
import type { AppContext } from "../../context.ts";
import { badRequest } from "../../lib/errors.ts";
import { newStorageKey } from "../../lib/storage.ts";
import { inTransaction } from "../../lib/unit-of-work.ts";
import { receiveFiles } from "../../lib/upload.ts";
import { SHARE_TYPES } from "../../shared/files.ts";
import { displayName } from "../../shared/user-display.ts";
import { shareMessages } from "../../shared/validation.ts";
import type { PublicUser } from "../auth/model.ts";
import { aboutCustomer, uploadUrl } from "../customers/lookups.ts";
import { findOwnedCustomers } from "../customers/service.ts";
import { takeHeldInvitation } from "../customers/held-invitation.ts";
import { insertSharedDocuments, type SharedFile } from "../documents/creation.ts";
import type { DocumentRow } from "../documents/service.ts";
import { queueEmail } from "../mail/service.ts";
import { sharedFilesEmail } from "../mail/templates.ts";
import { customerLanguage } from "../workspaces/customer-language.ts";
import { emailSender } from "../broker-profile/contact.ts";
import type { AuditActor } from "../audit/actor.ts";
import type { Scope } from "../../shared/workspaces.ts";
import { customerNotice } from "../../shared/i18n/customer-notice.ts";

/** Files in one share, and recipients of one share. */
export const MAX_SHARE_FILES = 20;
export const MAX_SHARE_RECIPIENTS = 500;

export interface ShareResult {
  documents: DocumentRow[];
  sharedFiles: number;
  customers: number;
}

/** `customerIds` as sent: a JSON array of id strings, at least one. */
export function parseCustomerIds(raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === "") throw badRequest(shareMessages.noRecipients);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw badRequest(shareMessages.badRecipients);
  }
  if (!Array.isArray(value) || !value.every((id) => typeof id === "string" && id.length > 0 && id.length <= 64)) {
    throw badRequest(shareMessages.badRecipients);
  }
  if (value.length === 0) throw badRequest(shareMessages.noRecipients);
  if (value.length > MAX_SHARE_RECIPIENTS) throw badRequest(`Share with at most ${MAX_SHARE_RECIPIENTS} customers at once.`);
  return [...new Set(value as string[])];
}

export async function shareDocuments(ctx: AppContext, { broker, member, request, actor }: { broker: PublicUser; member: Scope; request: Request; actor: AuditActor }): Promise<ShareResult> {
  const received = await receiveFiles(request, {
    tempDir: ctx.files.tempDir,
    maxBytes: ctx.config.shareMaxBytes,
    accept: SHARE_TYPES,
    acceptMessage: shareMessages.wrongType,
    fieldName: "documents",
    maxFiles: MAX_SHARE_FILES,
    // Room for MAX_SHARE_RECIPIENTS ids as JSON.
    maxFieldBytes: 64 * 1024,
    noFileMessage: shareMessages.noFiles,
  });
  await scanReceivedFiles(ctx, received.files, { sharedBy: { memberId: broker.id, workspaceId: member.workspaceId }, what: "A file you shared" }); // clamd, when configured
  const adopted: string[] = [];
  try {
    const recipients = await findOwnedCustomers(ctx, member, parseCustomerIds(received.fields.customerIds));
    // Stored once: every recipient's row points at the same key.
    const files: SharedFile[] = [];
    for (const file of received.files) {
      const storageKey = newStorageKey();
      adopted.push(storageKey);
      await ctx.files.adopt(file.tempPath, storageKey);
      files.push({ storageKey, originalName: file.originalName, mimeType: file.mimeType, size: file.size });
    }
    const brokerName = displayName(broker);
    const fileNames = files.map((f) => f.originalName);
    const rows = await inTransaction(ctx, async (unit) => {
      const rows = [];
      for (const customer of recipients) {
        const docs = await insertSharedDocuments(unit.tx, { brokerId: member.workspaceId, customerId: customer.id, files, at: unit.now });
        // A customer just added in this dialog: this email stands for their invitation (held back till now).
        const firstEmail = await takeHeldInvitation(ctx, unit.tx, customer.id);
        const sender = await emailSender(ctx, customer, unit.tx); // the customer's assignee, whoever shares
        const content = sharedFilesEmail({ customerName: customer.name, language: await customerLanguage(unit.tx, customer), brokerName: sender?.name ?? brokerName, sender, uploadUrl: uploadUrl(ctx, customer.uploadLink), fileNames, firstEmail });
        await queueEmail(ctx, unit.tx, { kind: "documents_shared", to: customer.email, dedupeKey: `shared:${docs[0]!.id}`, ...content });
        unit.publish({
          type: "document_status_changed",
          ...aboutCustomer(customer),
          documentIds: docs.map((d) => d.id),
          facts: {
            audit: docs.map((doc) => ({ brokerId: member.workspaceId, customerId: customer.id, action: "shared" as const, actor, document: doc, detail: doc.originalName })),
            notify: [
              {
                to: "customer",
                customerId: customer.id,
                brokerId: broker.id,
                ...customerNotice("shared", { brokerName, documentNames: fileNames }, { brokerId: broker.id, documentIds: docs.map((d) => d.id) }),
              },
            ],
          },
        });
        // For the workspace's other systems (webhooks: share.sent); the event above refreshes the screens.
        unit.publish({ type: "share_sent", ...aboutCustomer(customer), documentIds: docs.map((d) => d.id) });
        rows.push(...docs);
      }
      return rows;
    });
    return { documents: rows, sharedFiles: files.length, customers: recipients.length };
  } catch (error) {
    for (const key of adopted) await ctx.files.remove(key);
    throw error;
  } finally {
    for (const file of received.files) rmSync(file.tempPath, { force: true }); // moved into the store on success
  }
}
