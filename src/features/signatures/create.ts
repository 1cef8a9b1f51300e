// A broker asks for signatures (DESIGN.md 3b): a multipart body with the PDF (`file`, streamed to
// disk through the upload spool and held to the document checks) and the request (`request`,
// JSON); or, without a `file`, the request's `sharedDocumentId` names a PDF already shared with
// this customer, which takes the same checks (shared-source.ts); or its `templateId` names one of
// the workspace's signature templates (templates.ts), whose PDF (checked when the template was
// saved, and held to the hash saved then) is copied and whose fields the request starts with
// unless it sends its own. Everything is checked before anything is stored: the request's shape, the PDF (one that
// sealing would refuse is refused now), the fields against its pages (fieldsProblem). Then, in one
// transaction, the customer's document of kind "signature", the request, its signers, the audit
// entry and the emails (the customer's to their upload link; another signer's to their own link,
// at once, or when their turn comes in an ordered request).
import { createHash } from "node:crypto";
import { rmSync } from "node:fs";
import type { AppContext } from "../../context.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { newStorageKey } from "../../lib/storage.ts";
import { newId } from "../../lib/tokens.ts";
import { inTransaction, type Unit } from "../../lib/unit-of-work.ts";
import type { ReceivedFileData } from "../../lib/upload.ts";
import { receivePdf } from "./receive-pdf.ts";
import { MAX_DOCUMENT_NAME_LENGTH } from "../../shared/documents.ts";
import { reminderAfterRequest } from "../../shared/due-date.ts";
import { fieldsProblem, MAX_SIGNATURE_MESSAGE_LENGTH, signatureMessages, signersProblem, templateInfectedMessage, type SignatureField } from "../../shared/signatures.ts";
import { normalizeEmail } from "../../shared/validation.ts";
import type { Scope } from "../../shared/workspaces.ts";
import type { AuditActor } from "../audit/actor.ts";
import type { PublicUser } from "../auth/model.ts";
import { aboutCustomer, uploadUrl, visibleCustomer, type CustomerRow } from "../customers/lookups.ts";
import { checkUpload, effectiveRules, scanStoredBytes } from "../document-checks/service.ts";
import { insertSignatureDocument, parseDueDates } from "../documents/creation.ts";
import { signatureSigners, signatureRequests } from "../../../db/tables.ts";
import { findOwnedRequest, type SignatureRequest, type SignerRow } from "./lookups.ts";
import { emailSignerInvitations } from "./emails.ts";
import { parseFieldList, isObject } from "./parse-fields.ts";
import { spoolSharedPdf } from "./shared-source.ts";
import { findTemplate, templatePdfBytes } from "./templates.ts";
import { signerTokenHash } from "./signer-token.ts";
import { customerNotice } from "../../shared/i18n/customer-notice.ts";

/** Room for MAX_FIELDS fields and MAX_SIGNERS signers as JSON; a longer part is cut and refused. */
const MAX_REQUEST_JSON_BYTES = 64 * 1024;

interface ParsedRequest {
  name: string;
  message: string | null;
  dueDate: string | null;
  /** The single reminder before the due date, as a document request's (reminderTime). */
  reminderTime: string | null;
  ordered: boolean;
  signers: { email: string; name: string }[];
  /** null: none sent, the template's are taken (only with a templateId). */
  fields: SignatureField[] | null;
  /** The PDF is a file already shared with this customer (shared-source.ts), not an uploaded part. */
  sharedDocumentId: string | null;
  /** The PDF and fields come from this workspace's signature template (templates.ts). */
  templateId: string | null;
}

/** The `request` part, read into shape; its rules (fields on pages, names) are checked after. */
export function parseRequestPart(raw: string | undefined): ParsedRequest {
  if (raw === undefined || raw.trim() === "") throw badRequest(signatureMessages.noRequestPart);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw badRequest(signatureMessages.badRequestJson);
  }
  if (!isObject(value)) throw badRequest(signatureMessages.badRequestJson);
  const name = typeof value.name === "string" ? value.name.trim() : "";
  if (!name) throw badRequest("name is required: what the customer is asked to sign.");
  if (name.length > MAX_DOCUMENT_NAME_LENGTH) throw badRequest(`Document names must be at most ${MAX_DOCUMENT_NAME_LENGTH} characters`);
  const message = value.message === undefined || value.message === null ? null : value.message;
  if (message !== null && (typeof message !== "string" || message.length > MAX_SIGNATURE_MESSAGE_LENGTH)) {
    throw badRequest(`message must be text of at most ${MAX_SIGNATURE_MESSAGE_LENGTH} characters`);
  }
  const dueDate = value.dueDate === undefined || value.dueDate === null ? null : value.dueDate;
  if (dueDate !== null && (typeof dueDate !== "string" || dueDate.length > 64)) throw badRequest("dueDate must be a date and time, such as 2026-12-01T17:00:00Z");
  const reminderTime = value.reminderTime === undefined || value.reminderTime === null ? null : value.reminderTime;
  if (reminderTime !== null && (typeof reminderTime !== "string" || reminderTime.length > 64)) throw badRequest("reminderTime must be a date and time before the due date");
  if (value.ordered !== undefined && typeof value.ordered !== "boolean") throw badRequest("ordered must be true or false");
  if (!Array.isArray(value.signers) || value.signers.length === 0) throw badRequest("Add at least one signer.");
  const signers = value.signers.map((s, i) => {
    if (!isObject(s) || typeof s.email !== "string" || typeof s.name !== "string") throw badRequest(`Signer ${i + 1} needs an email and a name.`);
    return { email: s.email, name: s.name.trim() };
  });
  const shared = value.sharedDocumentId ?? null;
  if (shared !== null && (typeof shared !== "string" || shared.length === 0 || shared.length > 64)) throw badRequest("sharedDocumentId must be the id of a file shared with this customer.");
  const template = value.templateId ?? null;
  if (template !== null && (typeof template !== "string" || template.length === 0 || template.length > 64)) throw badRequest("templateId must be the id of one of this workspace's signature templates.");
  // A request from a template may leave its fields out: the template's are placed.
  const fields = value.fields === undefined && template !== null ? null : parseFieldList(value.fields);
  return { name, message: message?.trim() || null, dueDate, reminderTime, ordered: value.ordered === true, signers, fields, sharedDocumentId: shared, templateId: template };
}

/** The signers, checked (shared/signatures.ts `signersProblem`) and with their emails as stored. */
function checkSigners(parsed: ParsedRequest, customer: CustomerRow): { email: string; name: string }[] {
  const problem = signersProblem(parsed.signers, customer.email);
  if (problem) throw badRequest(problem);
  return parsed.signers.map((s) => ({ email: normalizeEmail(s.email), name: s.name }));
}

/** What the composition (src/app.ts) hands down from the features above. */
export interface SignatureHooks {
  /**
   * The plan's document caps (customers/requests.ts): a request is a document of the customer's
   * (kind "signature"), counted in "Documents Generated", so it is held to the same cap and words.
   */
  refuseOverDocumentLimit: (ctx: AppContext, workspaceId: string, customerId: string, adding: number) => Promise<void>;
}

export async function createSignatureRequest(
  ctx: AppContext,
  input: { broker: PublicUser; member: Scope; customerId: string; request: Request; actor: AuditActor } & SignatureHooks,
): Promise<SignatureRequest> {
  // Refused before a byte of the body is read when the customer is not this member's to see, or
  // the plan allows them no more documents.
  const customer = await visibleCustomer(ctx, input.member, input.customerId);
  if (!customer) throw notFound("Customer not found");
  await input.refuseOverDocumentLimit(ctx, input.member.workspaceId, customer.id, 1);
  const received = await receivePdf(ctx, input.request, {
    maxFieldBytes: MAX_REQUEST_JSON_BYTES,
    // Or the request names a shared file (below).
    fileOptional: true,
  });
  let temp: ReceivedFileData | undefined = received.files[0];
  let key: string | null = null;
  try {
    const parsed = parseRequestPart(received.fields.request);
    const sources = [temp, parsed.sharedDocumentId, parsed.templateId].filter(Boolean).length;
    if (sources > 1) throw badRequest(signatureMessages.twoSources);
    if (sources === 0) throw badRequest(signatureMessages.noSource);
    const signers = checkSigners(parsed, customer);
    const now = ctx.clock.now();
    const due = parseDueDates({ dueDate: parsed.dueDate, reminderTime: parsed.reminderTime }, now);
    const { dueDate } = due;
    // As for a document request: a reminder that would go out with the request email is not kept.
    const reminderAt = reminderAfterRequest(due.reminderAt, now);
    const template = parsed.templateId ? await findTemplate(ctx, input.member.workspaceId, parsed.templateId) : null;
    // The request's own fields win over the template's.
    const fields = parsed.fields ?? template!.fields;
    let pdf: CheckedPdf;
    if (template) {
      const bytes = await templatePdfBytes(ctx, template);
      await scanStoredBytes(ctx, bytes, { customer, what: `The signature template "${template.name}"` }, templateInfectedMessage);
      pdf = { bytes, name: template.fileName, pageCount: template.pageCount, keep: (k) => ctx.files.write(k, bytes) };
    } else {
      temp ??= await spoolSharedPdf(ctx, { workspaceId: input.member.workspaceId, customerId: customer.id, documentId: parsed.sharedDocumentId! });
      pdf = await checkedPdf(ctx, temp, customer);
    }
    const { pageCount } = pdf;
    const problem = fieldsProblem(fields, { signerCount: signers.length, pageCount, signerNames: signers.map((s) => s.name) });
    if (problem) throw badRequest(problem);
    key = newStorageKey();
    await pdf.keep(key);
    const storedKey = key;
    const requestId = await inTransaction(ctx, (unit) =>
      insertRequest(ctx, unit, {
        ...input,
        customer,
        parsed: { ...parsed, fields },
        signers,
        dueDate,
        reminderAt,
        pageCount,
        original: { key: storedKey, name: pdf.name, sha256: createHash("sha256").update(pdf.bytes).digest("hex") },
      }),
    );
    return await findOwnedRequest(ctx, input.member, requestId);
  } catch (error) {
    if (key) await ctx.files.remove(key);
    throw error;
  } finally {
    if (temp) rmSync(temp.tempPath, { force: true }); // moved into the store on success, or refused
  }
}

/** The PDF to sign, checked, with its page count; `keep` puts it into the store under a key. */
interface CheckedPdf {
  bytes: Uint8Array;
  name: string;
  pageCount: number;
  keep(key: string): Promise<void>;
}

/**
 * An uploaded or shared PDF: opened with pdf.js, scanned when clamd is set, held to a PDF's rules
 * (no password), and its pages counted as sealing will (pdf-lib). A template's PDF took the same
 * checks when it was saved (templates.ts), so it is not parsed again per request.
 */
async function checkedPdf(ctx: AppContext, temp: ReceivedFileData, customer: CustomerRow): Promise<CheckedPdf> {
  const checked = await checkUpload(ctx, temp, { ...effectiveRules(ctx, null), kinds: ["pdf"], noPassword: true }, {
    customer,
    what: `The PDF to sign for ${customer.name}`,
  });
  const bytes = new Uint8Array(await Bun.file(checked.tempPath).arrayBuffer());
  // pdf-lib, @signpdf and node-forge load with the first request, not with the server.
  const { sealablePageCount } = await import("./seal.ts");
  return { bytes, name: checked.originalName, pageCount: await sealablePageCount(bytes), keep: (key) => ctx.files.adopt(checked.tempPath, key) };
}

async function insertRequest(
  ctx: AppContext,
  unit: Unit,
  input: {
    broker: PublicUser;
    member: Scope;
    actor: AuditActor;
    customer: CustomerRow;
    parsed: ParsedRequest & { fields: SignatureField[] };
    signers: { email: string; name: string }[];
    dueDate: Date | null;
    reminderAt: Date | null;
    pageCount: number;
    original: { key: string; name: string; sha256: string };
  },
): Promise<string> {
  const { tx, now } = unit;
  const { customer, parsed, member } = input;
  const doc = await insertSignatureDocument(tx, { workspaceId: member.workspaceId, customerId: customer.id, name: parsed.name, description: parsed.message, dueDate: input.dueDate, reminderAt: input.reminderAt, at: now });
  const requestId = newId();
  await tx.insert(signatureRequests).values({
    id: requestId,
    workspaceId: member.workspaceId,
    customerId: customer.id,
    documentId: doc.id,
    createdBy: input.broker.id,
    name: parsed.name,
    message: parsed.message,
    ordered: parsed.ordered,
    status: "sent",
    fields: parsed.fields,
    pageCount: input.pageCount,
    originalStorageKey: input.original.key,
    originalName: input.original.name,
    originalSha256: input.original.sha256,
    createdAt: now,
  });
  const rows: SignerRow[] = [];
  for (const [position, s] of input.signers.entries()) {
    const id = newId();
    const first = position === 0;
    rows.push(
      (
        await tx
          .insert(signatureSigners)
          .values({ id, requestId, workspaceId: member.workspaceId, position, name: s.name, email: s.email, customerId: first ? customer.id : null, tokenHash: first ? null : signerTokenHash(ctx, id), createdAt: now })
          .returning()
      )[0]!,
    );
  }
  const request = { id: requestId, name: parsed.name, message: parsed.message, customerId: customer.id };
  // In order, only the first is asked now (the customer); in parallel, everyone.
  await emailSignerInvitations(ctx, tx, { request, signers: parsed.ordered ? rows.slice(0, 1) : rows, dueDate: input.dueDate, uploadLinkUrl: uploadUrl(ctx, customer.uploadLink) });
  unit.publish({
    type: "documents_requested",
    ...aboutCustomer(customer),
    documentIds: [doc.id],
    facts: {
      audit: [
        {
          brokerId: member.workspaceId,
          customerId: customer.id,
          action: "signature_requested",
          actor: input.actor,
          document: doc,
          detail: `${input.original.name} (SHA-256 ${input.original.sha256}); signers: ${input.signers.map((s) => s.email).join(", ")}`,
        },
      ],
      notify: [
        {
          to: "customer",
          customerId: customer.id,
          brokerId: input.broker.id,
          ...customerNotice("signatureRequested", { documentName: parsed.name }, { documentId: doc.id, signatureRequestId: requestId }),
        },
      ],
    },
  });
  return requestId;
}
