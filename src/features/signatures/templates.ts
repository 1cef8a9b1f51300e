// Signature templates (issue 41 item 1: "a workspace template document"): the brokerage's reusable
// forms to sign, a PDF with its fields already placed for signer positions 1..n. The PDF takes the
// checks a request's PDF takes (document-checks: a PDF, readable, no password; the size limit) and
// the fields the same rules (templateFieldsProblem). A template belongs to the workspace: any
// member reads and uses it; another workspace's id is a 404 like a missing one.
import { createHash } from "node:crypto";
import { rmSync } from "node:fs";
import { and, asc, eq } from "drizzle-orm";
import { signatureTemplates } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { AppError, badRequest, notFound } from "../../lib/errors.ts";
import { newStorageKey } from "../../lib/storage.ts";
import { newId } from "../../lib/tokens.ts";
import { write } from "../../lib/unit-of-work.ts";
import { receivePdf } from "./receive-pdf.ts";
import { MAX_DOCUMENT_NAME_LENGTH } from "../../shared/documents.ts";
import { signatureMessages, templateFieldsProblem, templateSignerCount, type SignatureField } from "../../shared/signatures.ts";
import type { Scope } from "../../shared/workspaces.ts";
import { checkUpload, effectiveRules } from "../document-checks/service.ts";
import type { SignatureTemplateDto } from "./model.ts";
import { parseFieldList } from "./parse-fields.ts";

export type TemplateRow = typeof signatureTemplates.$inferSelect;

/** Room for MAX_FIELDS fields as JSON. */
const MAX_FIELDS_JSON_BYTES = 64 * 1024;

function templateName(raw: unknown): string {
  const name = typeof raw === "string" ? raw.trim() : "";
  if (!name) throw badRequest(signatureMessages.templateNoName);
  if (name.length > MAX_DOCUMENT_NAME_LENGTH) throw badRequest(`Template names must be at most ${MAX_DOCUMENT_NAME_LENGTH} characters`);
  return name;
}

function checkedFields(fields: SignatureField[], pageCount: number): SignatureField[] {
  const problem = templateFieldsProblem(fields, pageCount);
  if (problem) throw badRequest(problem);
  return fields;
}

function fieldsFromPart(raw: string | undefined): SignatureField[] {
  if (raw === undefined || raw.trim() === "") throw badRequest(signatureMessages.templateNoFields);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw badRequest(signatureMessages.templateNoFields);
  }
  return parseFieldList(value);
}

export async function listTemplates(ctx: AppContext, member: Scope): Promise<TemplateRow[]> {
  return ctx.db.select().from(signatureTemplates).where(eq(signatureTemplates.workspaceId, member.workspaceId)).orderBy(asc(signatureTemplates.name));
}

/** This workspace's template, or 404 (another workspace's looks missing). */
export async function findTemplate(ctx: AppContext, workspaceId: string, id: string): Promise<TemplateRow> {
  const row = (await ctx.db.select().from(signatureTemplates).where(and(eq(signatureTemplates.id, id), eq(signatureTemplates.workspaceId, workspaceId))))[0];
  if (!row) throw notFound(signatureMessages.templateNotFound);
  return row;
}

/** A multipart body: `file` (the PDF), `name` and `fields` (JSON). Everything is checked before anything is stored. */
export async function createTemplate(ctx: AppContext, input: { member: Scope; brokerId: string; request: Request }): Promise<TemplateRow> {
  const received = await receivePdf(ctx, input.request, {
    maxFieldBytes: MAX_FIELDS_JSON_BYTES,
    noFileMessage: "Send the template's PDF as a part named file.",
  });
  const temp = received.files[0]!;
  let key: string | null = null;
  try {
    const name = templateName(received.fields.name);
    const fields = fieldsFromPart(received.fields.fields);
    const checked = await checkUpload(ctx, temp, { ...effectiveRules(ctx, null), kinds: ["pdf"], noPassword: true }, {
      sharedBy: { memberId: input.member.memberId, workspaceId: input.member.workspaceId },
      what: `The signature template ${name}`,
    });
    const bytes = new Uint8Array(await Bun.file(checked.tempPath).arrayBuffer());
    const { sealablePageCount } = await import("./seal.ts");
    const pageCount = await sealablePageCount(bytes);
    checkedFields(fields, pageCount);
    key = newStorageKey();
    await ctx.files.adopt(checked.tempPath, key);
    const now = ctx.clock.now();
    const row: TemplateRow = {
      id: newId(),
      workspaceId: input.member.workspaceId,
      name,
      fields,
      pageCount,
      storageKey: key,
      fileName: checked.originalName,
      fileSize: bytes.length,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      createdBy: input.brokerId,
      createdAt: now,
      updatedAt: now,
    };
    await write(ctx, (tx) => tx.insert(signatureTemplates).values(row));
    return row;
  } catch (error) {
    if (key) await ctx.files.remove(key);
    throw error;
  } finally {
    rmSync(temp.tempPath, { force: true });
  }
}

/** Rename, and place the fields anew (on the same PDF) when they are sent. */
export async function updateTemplate(ctx: AppContext, input: { member: Scope; id: string; name: string; fields?: unknown }): Promise<TemplateRow> {
  const row = await findTemplate(ctx, input.member.workspaceId, input.id);
  const name = templateName(input.name);
  const fields = input.fields === undefined ? row.fields : checkedFields(parseFieldList(input.fields), row.pageCount);
  const updatedAt = ctx.clock.now();
  await write(ctx, (tx) => tx.update(signatureTemplates).set({ name, fields, updatedAt }).where(and(eq(signatureTemplates.id, row.id), eq(signatureTemplates.workspaceId, row.workspaceId))));
  return { ...row, name, fields, updatedAt };
}

/** The row goes, then its file: requests made from it keep their own copies. */
export async function deleteTemplate(ctx: AppContext, member: Scope, id: string): Promise<void> {
  const row = await findTemplate(ctx, member.workspaceId, id);
  await write(ctx, (tx) => tx.delete(signatureTemplates).where(eq(signatureTemplates.id, row.id)));
  await ctx.files.remove(row.storageKey);
}

/** Said when a template's stored PDF is no longer the file that was checked when it was saved. */
const TEMPLATE_FILE_CHANGED = "This template's PDF is not the file that was saved with it. Save the template again from its PDF.";

/**
 * A template's PDF for a request made from it. It took a request's checks when it was saved
 * (document checks, pages counted, fields placed), so it is not parsed again per request (the
 * request scans it for viruses again where a scanner is set: create.ts); what is checked here is
 * that the stored bytes are still the ones checked then: their
 * SHA-256 against the one saved with the row. A file changed in the store behind the portal's back
 * (the data directory or the bucket) is refused, not sent out to sign; hashing costs a fraction
 * of parsing, and the request records the hash of what it signs anyway.
 */
export async function templatePdfBytes(ctx: AppContext, template: TemplateRow): Promise<Uint8Array> {
  const file = await ctx.files.read(template.storageKey);
  if (!file) throw notFound("This template's file is no longer stored.");
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (createHash("sha256").update(bytes).digest("hex") !== template.sha256) {
    ctx.log.error("A signature template's stored PDF does not match the hash saved with it", { templateId: template.id, storageKey: template.storageKey });
    throw new AppError("conflict", TEMPLATE_FILE_CHANGED);
  }
  return bytes;
}

export async function templatePdf(ctx: AppContext, member: Scope, id: string): Promise<{ file: Blob; name: string; type: string }> {
  const row = await findTemplate(ctx, member.workspaceId, id);
  const file = await ctx.files.read(row.storageKey);
  if (!file) throw notFound("This template's file is no longer stored.");
  return { file, name: row.fileName, type: "application/pdf" };
}

export const toTemplateDto = (row: TemplateRow): SignatureTemplateDto => ({
  id: row.id,
  name: row.name,
  fields: row.fields,
  signerCount: templateSignerCount(row.fields),
  pageCount: row.pageCount,
  fileName: row.fileName,
  fileSize: row.fileSize,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  pdfUrl: `/api/signature-templates/${row.id}/pdf`,
});
