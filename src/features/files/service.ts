// Reading stored files: who may, and how. A file is read by a member of the workspace who sees the
// document's customer, by the customer account whose email the relationship is addressed to (signed in), or
// by anyone holding a short-lived signed link for that one document. Guests (the upload link
// alone) read nothing.
import type { AppContext } from "../../context.ts";
import { AppError, notFound, unauthorized } from "../../lib/errors.ts";
import { FILE_LINK_TTL_MS, signFileToken, verifyFileToken } from "../../lib/signed-url.ts";
import type { Reader } from "../access/plugin.ts";
import { customerContact, customersVisibleTo } from "../customers/lookups.ts";
import { membershipOf } from "../workspaces/members.ts";
import { findDocument, type DocumentRow } from "../documents/service.ts";
import type { FileLinkDto } from "./model.ts";
import { fileReadActor, type FileReader, type RequestOrigin } from "../audit/actor.ts";
import { publishAlone } from "../../lib/unit-of-work.ts";

interface FileRead {
  documentId: string;
  /** Who is signed in on the request. */
  reader: Reader;
  /** A signed file link's token: it alone decides, whoever is signed in. */
  token?: string;
}

/** Whether a signed-in broker may read this document: a member who sees its customer. */
async function memberSees(ctx: AppContext, brokerId: string, doc: DocumentRow): Promise<boolean> {
  const member = await membershipOf(ctx, brokerId);
  return Boolean(member && doc.workspaceId === member.workspaceId && (await customersVisibleTo(ctx, member, [doc.customerId])).has(doc.customerId));
}

/** The document if this request may read its file, and who let it in; 401 without credentials, 404 if not theirs. */
async function readableDocument(ctx: AppContext, { documentId, reader, token }: FileRead): Promise<{ doc: DocumentRow; readBy: FileReader }> {
  const doc = await findDocument(ctx, documentId);
  if (token) {
    if (doc && verifyFileToken(ctx.config.sessionSecret, doc.id, token, ctx.clock.now())) return { doc, readBy: "link" };
    throw new AppError("forbidden", "This file link is invalid or has expired. Ask for a new one.");
  }
  const { broker, customer } = reader;
  if (!broker && !customer) throw unauthorized("Please sign in to view this file.");
  if (doc && broker && (await memberSees(ctx, broker.broker.id, doc))) return { doc, readBy: "broker" };
  if (doc && customer && (await customerContact(ctx, doc.customerId))?.email === customer.account.email) return { doc, readBy: "customer" };
  throw notFound("Document not found");
}

export interface DocumentFile {
  file: Blob;
  /** The name the customer's file had. */
  name: string;
  /** The type its bytes were sniffed as when it was stored. */
  type: string | null;
}

/** The stored file of a document this request may read; the read goes into the audit trail. */
export async function readDocumentFile(ctx: AppContext, input: FileRead & RequestOrigin & { audit: "downloaded" | "viewed" }): Promise<DocumentFile> {
  const { doc, readBy } = await readableDocument(ctx, input);
  const file = doc.storageKey ? await ctx.files.read(doc.storageKey) : null;
  if (!file) throw notFound("This document has no file yet");
  await publishAlone(ctx, {
    type: "document_read",
    workspaceId: doc.workspaceId,
    facts: { audit: [{ brokerId: doc.workspaceId, customerId: doc.customerId, action: input.audit, actor: fileReadActor(ctx, { ...input, readBy, document: doc }), document: doc, detail: doc.originalName }] },
  });
  return { file, name: doc.originalName ?? doc.name, type: doc.mimeType };
}

/** A link to view one file (that this request may read) that works without signing in, for 15 minutes. */
export async function fileLink(ctx: AppContext, input: Omit<FileRead, "token">): Promise<FileLinkDto> {
  const { doc } = await readableDocument(ctx, input);
  if (!doc.storageKey) throw notFound("This document has no file yet");
  const expiresAt = new Date(ctx.clock.now().getTime() + FILE_LINK_TTL_MS);
  const token = signFileToken(ctx.config.sessionSecret, doc.id, expiresAt);
  return { url: `${ctx.config.publicUrl}/api/documents/${doc.id}/view?token=${token}`, expiresAt: expiresAt.toISOString() };
}

const OWN_FILE = /^\/api\/documents\/([A-Za-z0-9-]{1,64})\/(download|view)$/;

/**
 * download-proxy takes a file URL, but only this portal's own file URLs: it is parsed, matched
 * against our two file routes, and served from the file store. Nothing is ever fetched, so it
 * cannot be pointed at another host, the loopback interface, or a redirect.
 */
export function proxiedDocumentId(ctx: AppContext, url: string): { documentId: string; token?: string } {
  let parsed: URL;
  try {
    parsed = new URL(url, ctx.config.publicUrl);
  } catch {
    throw new AppError("bad_request", "Only files stored in this portal can be downloaded here.");
  }
  const match = parsed.pathname.match(OWN_FILE);
  if (parsed.origin !== new URL(ctx.config.publicUrl).origin || !match) {
    throw new AppError("bad_request", "Only files stored in this portal can be downloaded here.");
  }
  return { documentId: match[1]!, token: parsed.searchParams.get("token") ?? undefined };
}
