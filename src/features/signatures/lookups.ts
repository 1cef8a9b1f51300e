// Reading signature requests and signers (this feature owns both tables): by the broker's scope,
// by a customer's upload link, by another signer's token; and their JSON. Features above
// (the access plugin's signer macro, operations' file sweep) read them through here.
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { documents, signatureRequests, signatureSigners, signatureTemplates } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/errors.ts";
import { hashToken } from "../../lib/tokens.ts";
import { nextSignatureStatus, SIGNING_CONSENT_TEXT, signerInTurn, WITHDRAWN_SIGNATURE_STATUSES } from "../../shared/signatures.ts";
import { englishFault, transitionFault, type SigningFault } from "../../shared/signing-faults.ts";
import { signerFault } from "./faults.ts";
import type { Scope } from "../../shared/workspaces.ts";
import { visibleCustomerIds } from "../customers/lookups.ts";
import type { SignatureRequestDto, SignerViewDto } from "./model.ts";

export type RequestRow = typeof signatureRequests.$inferSelect;
export type SignerRow = typeof signatureSigners.$inferSelect;

/** A request with its signers (in order) and the due date of its document (none once withdrawn). */
export interface SignatureRequest {
  request: RequestRow;
  signers: SignerRow[];
  dueDate: Date | null;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A request the asker may not see reads as a missing one. */
export const REQUEST_NOT_FOUND = englishFault({ code: "requestNotFound" });

async function withSigners(ctx: AppContext, requests: RequestRow[]): Promise<SignatureRequest[]> {
  if (requests.length === 0) return [];
  const ids = requests.map((r) => r.id);
  const signers = await ctx.db.select().from(signatureSigners).where(inArray(signatureSigners.requestId, ids)).orderBy(asc(signatureSigners.position));
  const docIds = requests.flatMap((r) => (r.documentId ? [r.documentId] : []));
  const dues = docIds.length ? await ctx.db.select({ id: documents.id, dueDate: documents.dueDate }).from(documents).where(inArray(documents.id, docIds)) : [];
  const dueOf = new Map(dues.map((d) => [d.id, d.dueDate]));
  return requests.map((request) => ({
    request,
    signers: signers.filter((s) => s.requestId === request.id),
    dueDate: request.documentId ? (dueOf.get(request.documentId) ?? null) : null,
  }));
}

/** A request of a customer this member may see (visibleCustomers), or 404 like a missing one. */
export async function findOwnedRequest(ctx: AppContext, member: Scope, requestId: string): Promise<SignatureRequest> {
  const row = (
    await ctx.db
      .select()
      .from(signatureRequests)
      .where(and(eq(signatureRequests.id, requestId), eq(signatureRequests.workspaceId, member.workspaceId), inArray(signatureRequests.customerId, visibleCustomerIds(ctx.db, member))))
  )[0];
  if (!row) throw notFound(REQUEST_NOT_FOUND);
  return (await withSigners(ctx, [row]))[0]!;
}

/**
 * A request by id with its signers, whoever asks; null once gone. For answering after a change to
 * one found by findOwnedRequest, whose visibility check is not asked again.
 */
export async function requestById(ctx: AppContext, requestId: string): Promise<SignatureRequest | null> {
  const row = (await ctx.db.select().from(signatureRequests).where(eq(signatureRequests.id, requestId)))[0];
  return row ? (await withSigners(ctx, [row]))[0]! : null;
}

/** One customer's requests, newest first (the customer is already checked as visible). */
export async function requestsOfCustomer(ctx: AppContext, workspaceId: string, customerId: string): Promise<SignatureRequest[]> {
  const rows = await ctx.db
    .select()
    .from(signatureRequests)
    .where(and(eq(signatureRequests.workspaceId, workspaceId), eq(signatureRequests.customerId, customerId)))
    .orderBy(asc(signatureRequests.createdAt));
  return withSigners(ctx, rows);
}

/** Who signs through a link: the signer row and its request. */
export interface SignerAccess {
  signer: SignerRow;
  found: SignatureRequest;
}

/** The requests these customer relationships sign (their upload link opens them), oldest first. */
export async function requestsSignedByCustomers(ctx: AppContext, customerIds: string[]): Promise<SignerAccess[]> {
  if (customerIds.length === 0) return [];
  const mine = await ctx.db.select().from(signatureSigners).where(inArray(signatureSigners.customerId, customerIds));
  if (mine.length === 0) return [];
  const rows = await ctx.db
    .select()
    .from(signatureRequests)
    .where(inArray(signatureRequests.id, [...new Set(mine.map((s) => s.requestId))]))
    .orderBy(asc(signatureRequests.createdAt));
  const found = await withSigners(ctx, rows);
  return found.map((f) => ({ found: f, signer: f.signers.find((s) => s.customerId !== null && customerIds.includes(s.customerId))! }));
}

/**
 * The requests these customers were asked to sign that ended unsigned (voided, or declined by a
 * signer), oldest first: what the portal shows once their document is withdrawn. The reason stays
 * the broker's to read; the customer is told who declined. Asked on every computed portal read:
 * only those requests are read (their status in the query), and their decliners, when any.
 */
export async function withdrawnSignatures(ctx: AppContext, customerIds: string[]) {
  if (customerIds.length === 0) return [];
  const signedByThem = ctx.db.select({ id: signatureSigners.requestId }).from(signatureSigners).where(inArray(signatureSigners.customerId, customerIds));
  const ended = await ctx.db
    .select({ id: signatureRequests.id, workspaceId: signatureRequests.workspaceId, name: signatureRequests.name, status: signatureRequests.status, voidedAt: signatureRequests.voidedAt })
    .from(signatureRequests)
    .where(and(inArray(signatureRequests.id, signedByThem), inArray(signatureRequests.status, [...WITHDRAWN_SIGNATURE_STATUSES])))
    .orderBy(asc(signatureRequests.createdAt));
  const declinedIds = ended.filter((r) => r.status === "declined").map((r) => r.id);
  const decliners = declinedIds.length
    ? await ctx.db
        .select({ requestId: signatureSigners.requestId, name: signatureSigners.name, declinedAt: signatureSigners.declinedAt })
        .from(signatureSigners)
        .where(and(inArray(signatureSigners.requestId, declinedIds), eq(signatureSigners.status, "declined")))
    : [];
  return ended.map((request) => {
    const voided = request.status === "voided";
    const decliner = decliners.find((s) => s.requestId === request.id);
    return {
      id: request.id,
      brokerId: request.workspaceId,
      name: request.name,
      status: voided ? ("voided" as const) : ("declined" as const),
      declinedBy: voided ? null : (decliner?.name ?? null),
      at: iso(voided ? request.voidedAt : (decliner?.declinedAt ?? null)),
    };
  });
}

/** A request this upload link's customer signs, or 404 (another customer's id looks missing). */
export async function requestSignedByCustomer(ctx: AppContext, customerIds: string[], requestId: string): Promise<SignerAccess> {
  const access = (await requestsSignedByCustomers(ctx, customerIds)).find((a) => a.found.request.id === requestId);
  if (!access) throw signerFault({ code: "requestNotFound" });
  return access;
}

/** The signer whose link this is, or 404 for any other string, 409 once voided (the `signer` macro). */
export async function signerByToken(ctx: AppContext, token: string): Promise<SignerAccess> {
  const signer = token ? (await ctx.db.select().from(signatureSigners).where(eq(signatureSigners.tokenHash, hashToken(token))))[0] : undefined;
  if (!signer) throw signerFault({ code: "linkNotValid" });
  const request = (await ctx.db.select().from(signatureRequests).where(eq(signatureRequests.id, signer.requestId)))[0]!;
  // A voided request's link opens nothing, not even its name: the broker took it back.
  if (request.status === "voided") throw signerFault({ code: "withdrawn" });
  const found = (await withSigners(ctx, [request]))[0]!;
  return { found, signer: found.signers.find((s) => s.id === signer.id)! };
}

/** Every stored file a request keeps (its original PDF, drawn signatures) and every template's PDF: the orphan sweep must keep them. */
export async function signatureStorageKeys(ctx: AppContext): Promise<string[]> {
  const originals = await ctx.db.select({ key: signatureRequests.originalStorageKey }).from(signatureRequests);
  const drawn = await ctx.db.select({ key: signatureSigners.signatureKey }).from(signatureSigners).where(isNotNull(signatureSigners.signatureKey));
  const templates = await ctx.db.select({ key: signatureTemplates.storageKey }).from(signatureTemplates);
  return [...originals.map((r) => r.key), ...drawn.flatMap((r) => (r.key ? [r.key] : [])), ...templates.map((r) => r.key)];
}

/**
 * Why this signer may not sign or decline now, or null when they may: the request still open and
 * not withdrawn, not past its due date, the signer not done, and in an ordered request their turn.
 * Read before the transaction for the answer; the signer's own row is checked again inside it.
 */
export function signerRefusal(found: SignatureRequest, signer: SignerRow, now: Date): SigningFault | null {
  const { request } = found;
  if (signer.status === "signed") return { code: "alreadySigned" };
  if (signer.status === "declined") return { code: "alreadyDeclined" };
  if ("error" in nextSignatureStatus(request.status, { type: "viewed" })) return transitionFault(request.status);
  if (!request.documentId) return { code: "withdrawn" };
  if (found.dueDate && found.dueDate.getTime() < now.getTime()) return { code: "pastDue" };
  if (request.ordered && signerInTurn(found.signers)?.id !== signer.id) return { code: "notYourTurn" };
  return null;
}

/** What the broker and every signer alike are shown of a request (model.ts `RequestShown`). */
const requestShown = ({ request, dueDate }: SignatureRequest) => ({
  documentId: request.documentId,
  name: request.name,
  message: request.message,
  status: request.status,
  ordered: request.ordered,
  dueDate: iso(dueDate),
  pageCount: request.pageCount,
  fields: request.fields,
});

export function toRequestDto(found: SignatureRequest): SignatureRequestDto {
  const { request } = found;
  return {
    id: request.id,
    customerId: request.customerId,
    ...requestShown(found),
    signers: found.signers.map((s) => ({
      id: s.id,
      position: s.position,
      name: s.name,
      email: s.email,
      status: s.status,
      viewedAt: iso(s.viewedAt),
      signedAt: iso(s.signedAt),
      declinedAt: iso(s.declinedAt),
      declineReason: s.declineReason,
    })),
    originalSha256: request.originalSha256,
    sealedSha256: request.sealedSha256,
    createdAt: request.createdAt.toISOString(),
    completedAt: iso(request.completedAt),
    voidedAt: iso(request.voidedAt),
    downloadUrl: request.status === "completed" ? `/api/signature-requests/${request.id}/download` : null,
  };
}

export function toSignerView(access: SignerAccess, documentUrl: string, now: Date): SignerViewDto {
  const { found, signer } = access;
  const { request } = found;
  return {
    id: request.id,
    ...requestShown(found),
    you: { index: signer.position, name: signer.name, email: signer.email, status: signer.status, canSign: signerRefusal(found, signer, now) === null, signedAt: iso(signer.signedAt) },
    signers: found.signers.map((s) => ({ name: s.name, status: s.status })),
    consentText: SIGNING_CONSENT_TEXT,
    documentUrl,
  };
}
