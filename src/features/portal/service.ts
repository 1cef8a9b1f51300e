// The customer portal behind an upload link: what the customer sees, and their uploads.
// A link opens one broker's relationship: guests (the link alone) may upload to it but see no
// statuses and read no files. A customer signed in to the account of the link's email sees
// every broker's requests addressed to that email.
import { rmSync } from "node:fs";
import type { AppContext } from "../../context.ts";
import { receiveFile, type ReceivedFileData } from "../../lib/upload.ts";
import type { PortalDocumentDto, PortalDto } from "./model.ts";
import { withdrawnSignatures } from "../signatures/lookups.ts";
import { canCustomerView, isRequirement, takesUpload } from "../../shared/documents.ts";
import { CUSTOMER_UPLOAD_TYPES } from "../../shared/files.ts";
import { uploadMessages } from "../../shared/validation.ts";
import { isSignedIn, portalAccessOf, type PortalAccess } from "../customer-auth/session.ts";
import { brokersOf, customerProfile } from "../customer-auth/profile.ts";
import { listDocumentsOfCustomers, type DocumentRow } from "../documents/service.ts";
import { attachUploadedFile, uploadableDocument } from "../documents/uploads.ts";
import { checkUpload, effectiveRules, UploadRefused, type CheckedFile } from "../document-checks/service.ts";
import { fileDigest, keepPreviewOutcome, takePreviewOutcome } from "./checked-previews.ts";
import { holdToRecognitionRules, queueRecognition, quickRecognition, readToTheEnd } from "./recognition.ts";
import type { Recognition } from "../../shared/recognition/verdict.ts";
import { MAX_CUSTOMER_NOTE } from "../../shared/recognition/note.ts";
import { answerUnavailable } from "../documents/answers.ts";
import { describeRules, type AcceptanceRules } from "../../shared/acceptance-rules.ts";
import type { AuditActor } from "../audit/actor.ts";
import type { BrokerContactDto } from "../broker-profile/model.ts";
import { AppError } from "../../lib/errors.ts";
import { saidError } from "../../lib/said-error.ts";
import type { Language } from "../../shared/i18n/languages.ts";
import { portalLanguage } from "./language.ts";
import { standardWordsOf } from "../../shared/i18n/standard-documents.ts";
import { renewalDayOf } from "../../shared/reminder-cadence.ts";

const iso = (d: Date | null) => d?.toISOString() ?? null;
const renewalField = (reason: string | null) => {
  const renewalOf = renewalDayOf(reason);
  return renewalOf ? { renewalOf } : {};
};
const standardWordsField = (doc: DocumentRow) => {
  const standardWords = standardWordsOf(doc);
  return standardWords ? { standardWords } : {};
};

export function toPortalDocument(doc: DocumentRow, signedIn: boolean, rules: AcceptanceRules): PortalDocumentDto {
  const guestView: PortalDocumentDto = {
    id: doc.id,
    brokerId: doc.workspaceId,
    name: doc.name,
    description: doc.description,
    ...standardWordsField(doc),
    dueDate: iso(doc.dueDate),
    kind: doc.kind,
    canUpload: takesUpload(doc),
    ...(doc.status === "need_to_resubmit" ? { askedAgain: true as const } : {}),
    ...(doc.stillNeededAt && takesUpload(doc) ? { stillNeeded: true as const } : {}),
    acceptanceRules: rules,
    rules: describeRules(rules),
    unavailableReason: doc.unavailableReason,
  };
  if (!signedIn) return guestView;
  // File links only where the portal offers View and Download (canCustomerView, shared with the web).
  const file = canCustomerView(doc.status, Boolean(doc.storageKey)) ? `/api/documents/${doc.id}` : null;
  return {
    ...guestView,
    status: doc.status,
    fileName: doc.originalName,
    fileSize: doc.fileSize,
    mimeType: doc.mimeType,
    uploadedAt: iso(doc.uploadedAt),
    verifiedAt: iso(doc.verifiedAt),
    rejectionReason: doc.rejectionReason,
    ...renewalField(doc.rejectionReason),
    adminComments: doc.adminComments,
    viewUrl: file && `${file}/view`,
    downloadUrl: file && `${file}/download`,
    recognition: doc.checkReport?.recognition ?? null,
  };
}

const customerIds = (access: PortalAccess) => access.customers.map((c) => c.id);

/**
 * Everything a view depends on besides the data: the relationship the link opens, whether the
 * caller is a guest or the signed-in account (then every relationship of its email), and
 * `headerLanguage`, what the request's Accept-Language would choose (portal/language.ts): the
 * answer's language is worked out inside the view, from the database and that.
 */
export const portalViewKey = (access: PortalAccess, headerLanguage: string) =>
  `portal-view:${access.customer.id}:${isSignedIn(access) ? `account:${customerIds(access).join(",")}` : "guest"}:${headerLanguage}`;

export async function portalView(ctx: AppContext, access: PortalAccess, language: string): Promise<PortalDto> {
  const signedIn = isSignedIn(access);
  const docs = (await listDocumentsOfCustomers(ctx, customerIds(access))).filter((d) => signedIn || isRequirement(d.status));
  const brokers = await brokersOf(ctx, access); // looked up once, for the profile and the list
  const withdrawn = await withdrawnSignatures(ctx, customerIds(access));
  return {
    customer: signedIn ? await customerProfile(ctx, access, brokers) : { id: access.customer.id, name: access.customer.name },
    authenticated: signedIn,
    documents: docs.map((d) => toPortalDocument(d, signedIn, effectiveRules(ctx, d.acceptanceRules))),
    brokers,
    maxUploadBytes: ctx.config.maxUploadBytes,
    ...(withdrawn.length > 0 ? { withdrawnSignatures: withdrawn } : {}),
    language,
  };
}

/** The names a guest's welcome shows (web/features/portal/WelcomeBanner.tsx). */
export interface GuestWelcome {
  name: string;
  brokers: BrokerContactDto[];
}

/** What the portal's page frame writes before the scripts arrive. */
export interface PortalFrame {
  /** Null when signed in to the link's account (the portal shows its progress instead). */
  welcome: GuestWelcome | null;
  /** The language GET /api/upload/{link} answers this request in (portal/language.ts). */
  language: Language;
}

/**
 * What GET /api/upload/{link} shows this request in its welcome (the customer's name and the
 * brokers who ask, from the same lookups as portalView) and in which language; null for an
 * unknown link (the API's 404, told no other way). The portal's page frame writes it before the
 * scripts arrive (src/features/web/portal-frame.ts). Records nothing: the page's own read of the
 * API does.
 */
export async function portalFrame(ctx: AppContext, uploadLink: string, request: Request): Promise<PortalFrame | null> {
  let access: PortalAccess;
  try {
    access = await portalAccessOf(ctx, uploadLink, request);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return null;
    throw error;
  }
  const language = await portalLanguage(ctx, access, request);
  if (isSignedIn(access)) return { welcome: null, language };
  return { welcome: { name: access.customer.name, brokers: await brokersOf(ctx, access) }, language };
}

/** A file received for one of the link's documents and passed its checks (still in its temporary file). */
interface CheckedUpload {
  target: DocumentRow;
  file: CheckedFile;
  /** The customer's note, sent with a file they were told does not look like what was asked. */
  note: string | null;
}

/** A received upload, not yet checked. */
type ReceivedUpload = Omit<CheckedUpload, "file"> & { file: ReceivedFileData };

/** Streams the request's file to disk (checked by content type only). */
async function receiveUpload(ctx: AppContext, access: PortalAccess, documentId: string, request: Request): Promise<ReceivedUpload> {
  // Refused before a byte of the body is read when the document cannot take a file.
  const target = await uploadableDocument(ctx, customerIds(access), documentId);
  const received = await receiveFile(request, {
    tempDir: ctx.files.tempDir,
    maxBytes: ctx.config.maxUploadBytes,
    accept: CUSTOMER_UPLOAD_TYPES,
    acceptMessage: uploadMessages.wrongType,
    acceptReason: { code: "upload.wrongType" },
    // Room for a note of MAX_CUSTOMER_NOTE characters of any script (up to 4 bytes each).
    maxFieldBytes: 4 * MAX_CUSTOMER_NOTE,
  });
  const note = received.fields.note?.trim() || null;
  if (note && note.length > MAX_CUSTOMER_NOTE) {
    rmSync(received.tempPath, { force: true });
    throw saidError("bad_request", "recognition.noteTooLong", { max: MAX_CUSTOMER_NOTE });
  }
  return { target, file: received, note };
}

/**
 * Opened, scanned and held to the document's rules before anything is committed; a refused file
 * is removed by the check.
 */
const checkReceived = (ctx: AppContext, access: PortalAccess, { target, file }: ReceivedUpload) =>
  checkUpload(ctx, file, effectiveRules(ctx, target.acceptanceRules), {
    customer: access.customers.find((c) => c.id === target.customerId)!,
    documentId: target.id,
    what: `${access.customer.name}'s upload to ${target.name}`,
  });

/**
 * The upload checked: by its preview a moment ago when it is the same file (checked-previews.ts),
 * with what the preview read it as, else now.
 */
async function receiveChecked(ctx: AppContext, access: PortalAccess, documentId: string, request: Request): Promise<CheckedUpload & { previewed: Recognition | null }> {
  const received = await receiveUpload(ctx, access, documentId, request);
  const rules = effectiveRules(ctx, received.target.acceptanceRules);
  const previewed = await takePreviewOutcome(ctx, { documentId: received.target.id, file: received.file, rules });
  return { ...received, file: previewed?.checked ?? (await checkReceived(ctx, access, received)), previewed: previewed?.recognition ?? null };
}

/**
 * Before the upload is final: what the picked file looks like for this request (DESIGN 3b
 * `recognition`). The file is checked as an upload would be, read within the quick limit, and
 * removed: nothing is stored.
 */
export async function previewUpload(ctx: AppContext, { portal: access, documentId, request }: { portal: PortalAccess; documentId: string; request: Request }): Promise<Recognition> {
  const received = await receiveUpload(ctx, access, documentId, request);
  const { target } = received;
  const rules = effectiveRules(ctx, target.acceptanceRules);
  // Hashed before the checks, which may rewrite a photo in place.
  const digest = await fileDigest(received.file.tempPath).catch((error: unknown) => {
    rmSync(received.file.tempPath, { force: true });
    throw error;
  });
  let file: CheckedFile;
  try {
    file = await checkReceived(ctx, access, received);
  } catch (error) {
    // The upload of the same file is refused the same way, without checking (or notifying) again;
    // a scanner that was down is asked again.
    if (error instanceof UploadRefused && error.refusal.rule !== "scanner_unavailable") keepPreviewOutcome(ctx, { documentId: target.id, digest, rules, outcome: { refused: error } });
    throw error;
  }
  let recognition: Recognition | undefined;
  try {
    return (recognition = await quickRecognition(ctx, target, file));
  } finally {
    // Kept (moved aside) for the upload that may follow, with its reading; removed if that fails.
    try {
      const read = recognition && readToTheEnd(recognition) ? recognition : null;
      keepPreviewOutcome(ctx, { documentId: target.id, digest, rules, outcome: { checked: file }, recognition: read });
    } catch (error) {
      rmSync(file.tempPath, { force: true });
      ctx.log.warn("a previewed file could not be kept for its upload", { error: String(error) });
    }
  }
}

/** Streams the request's file to disk, checks it, and attaches it to the document. */
export async function uploadToPortal(
  ctx: AppContext,
  { portal: access, documentId, request, actor }: { portal: PortalAccess; documentId: string; request: Request; actor: AuditActor },
): Promise<PortalDocumentDto> {
  const { target, file, note, previewed } = await receiveChecked(ctx, access, documentId, request);
  // The preview's reading, or for a request that refuses a mismatch a reading now (a refusal
  // removes the file); the others' files are read after the upload has answered, by a job.
  const recognition = await holdToRecognitionRules(ctx, target, file, previewed).catch((error: unknown) => {
    rmSync(file.tempPath, { force: true });
    throw error;
  });
  const report = { ...file.report, ...(recognition ? { recognition } : {}), ...(note ? { customerNote: note } : {}) };
  const doc = await attachUploadedFile(ctx, {
    customerIds: customerIds(access),
    documentId,
    file: { ...file, report },
    actor,
    alsoInTransaction: recognition ? undefined : (unit, stored) => queueRecognition(ctx, unit, stored),
  }).catch((error: unknown) => {
    // Not moved into the store: dropped. (On success the store has taken it; looking for it
    // again cost a file-system lookup on the server's thread, ~25 µs an upload.)
    rmSync(file.tempPath, { force: true });
    throw error;
  });
  return toPortalDocument(doc, isSignedIn(access), effectiveRules(ctx, doc.acceptanceRules));
}

/** "I don't have this": a reason instead of a file, for the broker to accept or decline. */
export async function answerWithoutFile(
  ctx: AppContext,
  { portal: access, documentId, reason, actor }: { portal: PortalAccess; documentId: string; reason: string; actor: AuditActor },
): Promise<PortalDocumentDto> {
  const doc = await answerUnavailable(ctx, { customerIds: customerIds(access), documentId, reason, actor });
  return toPortalDocument(doc, isSignedIn(access), effectiveRules(ctx, doc.acceptanceRules));
}
