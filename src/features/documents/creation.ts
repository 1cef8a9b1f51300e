// Creating documents: a broker's request read (names, due dates) and inserted as "requested", and
// shared files inserted as "shared". From then on a document's status changes only through
// transitions/. Each carries its customer's assignee (documents.assignee_id), read in the same
// transaction. The request's email, notifications and audit are its caller's (customers/requests.ts,
// sharing/service.ts): one per customer, however many documents.
import { sql } from "drizzle-orm";
import { timeParam } from "../../../db/dialect.ts";
import { documents } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { badRequest } from "../../lib/errors.ts";
import type { Writer } from "../../lib/jobs.ts";
import { given, preparedPerCount } from "../../lib/prepared.ts";
import { newId } from "../../lib/tokens.ts";
import type { AcceptanceRules } from "../../shared/acceptance-rules.ts";
import {
  type CatalogueDocument,
  type DocumentStatus,
  isRequirement,
  MAX_DOCUMENT_DESCRIPTION_LENGTH,
  MAX_DOCUMENT_NAME_LENGTH,
  parseRequestedDocument,
  SHARED,
} from "../../shared/documents.ts";
import { dueMessages, MAX_DUE_AHEAD_MS } from "../../shared/due-date.ts";
import { listCustomerDocuments, type DocumentRow } from "./service.ts";
import { assigneeOfCustomer } from "../customers/lookups.ts";

export interface NewDocuments {
  brokerId: string;
  customerId: string;
  /** acceptanceRules: the document's own (a template's); missing or null, the standard ones. */
  documents: (CatalogueDocument & { acceptanceRules?: AcceptanceRules | null })[];
  dueDate: Date | null;
  reminderAt: Date | null;
}

/**
 * The insert of `count` requested documents, prepared once per count up to MAX_PREPARED_ROWS (a
 * new customer's checklist is the largest statement of a busy portal's writes); a longer list is
 * inserted in parts of that size. The nullable dates and rules are bound as `given`, converted here.
 */
const MAX_PREPARED_ROWS = 16;
const requestedInsert = preparedPerCount((tx: Writer, count: number) =>
    tx
      .insert(documents)
      .values(
        Array.from({ length: count }, (_, i) => ({
          id: sql.placeholder(`id${i}`),
          workspaceId: sql.placeholder("brokerId"),
          customerId: sql.placeholder("customerId"),
          assigneeId: assigneeOfCustomer(sql.placeholder("customerId")),
          name: sql.placeholder(`name${i}`),
          description: sql.placeholder(`description${i}`),
          acceptanceRules: given(`rules${i}`),
          status: "requested" as const,
          dueDate: given("dueDate"),
          reminderAt: given("reminderAt"),
        })),
      )
      .returning()
      .prepare(),
);

/** Adds requested documents inside the caller's transaction, in the order given. */
export async function insertRequestedDocuments(tx: Writer, input: NewDocuments): Promise<DocumentRow[]> {
  const rows: DocumentRow[] = [];
  for (let at = 0; at < input.documents.length; at += MAX_PREPARED_ROWS) {
    const part = input.documents.slice(at, at + MAX_PREPARED_ROWS);
    const params: Record<string, unknown> = {
      brokerId: input.brokerId,
      customerId: input.customerId,
      dueDate: input.dueDate && timeParam(input.dueDate),
      reminderAt: input.reminderAt && timeParam(input.reminderAt),
    };
    part.forEach((d, i) => {
      params[`id${i}`] = newId();
      params[`name${i}`] = d.name;
      params[`description${i}`] = d.description ?? null;
      params[`rules${i}`] = d.acceptanceRules ? JSON.stringify(d.acceptanceRules) : null;
    });
    rows.push(...(await requestedInsert(tx, part.length).execute(params)));
  }
  return rows;
}

export interface SharedFile {
  storageKey: string;
  originalName: string;
  mimeType: string;
  size: number;
}

/**
 * Adds shared files to one customer inside the caller's transaction: one row per file, status
 * "shared", pointing at the file's one storage key (the same key for every customer it goes to).
 */
export async function insertSharedDocuments(tx: Writer, input: { brokerId: string; customerId: string; files: SharedFile[]; at: Date }): Promise<DocumentRow[]> {
  if (input.files.length === 0) return [];
  return await tx
      .insert(documents)
      .values(
        input.files.map((f) => ({
          id: newId(),
          workspaceId: input.brokerId,
          customerId: input.customerId,
          assigneeId: assigneeOfCustomer(input.customerId),
          name: f.originalName,
          description: null,
          status: SHARED as DocumentStatus,
          storageKey: f.storageKey,
          originalName: f.originalName,
          mimeType: f.mimeType,
          fileSize: f.size,
          uploadedAt: input.at,
          createdAt: input.at,
        })),
      )
      .returning();
}

/** Names (lower-cased) of what this broker already requested of the customer, shared files aside. */
export async function requestedNames(ctx: AppContext, brokerId: string, customerId: string): Promise<Set<string>> {
  return new Set(
    (await listCustomerDocuments(ctx, brokerId, customerId))
      .filter((d) => isRequirement(d.status))
      .map((d) => d.name.toLowerCase()),
  );
}


function parseDate(value: string, field: string): Date {
  const date = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(date.getTime())) {
    throw badRequest(`${field} must be a date and time, such as 2026-12-01T17:00:00Z`);
  }
  return date;
}

/** Reads an optional due date and reminder time: the due date in the future and within 365 days, the reminder before it. */
export function parseDueDates(
  input: { dueDate?: string | null; reminderTime?: string | null },
  now: Date,
  options: { required?: boolean } = {},
): { dueDate: Date | null; reminderAt: Date | null } {
  if (!input.dueDate) {
    if (options.required) throw badRequest("dueDate is required");
    if (input.reminderTime) throw badRequest("A reminder needs a due date");
    return { dueDate: null, reminderAt: null };
  }
  const dueDate = parseDate(input.dueDate, "dueDate");
  if (dueDate.getTime() <= now.getTime()) throw badRequest("The due date must be in the future");
  if (dueDate.getTime() - now.getTime() > MAX_DUE_AHEAD_MS) throw badRequest(dueMessages.tooLarge);
  const reminderAt = input.reminderTime ? parseDate(input.reminderTime, "reminderTime") : null;
  if (reminderAt && reminderAt.getTime() >= dueDate.getTime()) throw badRequest("The reminder must be before the due date");
  return { dueDate, reminderAt };
}

/**
 * Reads requested-document entries (standard names or `custom:{name}:{description}`), refusing
 * blank or over-long names and the same name twice.
 */
export function parseDocumentEntries(entries: string[]): CatalogueDocument[] {
  const seen = new Set<string>();
  return entries.map((entry) => {
    const { name, description } = parseRequestedDocument(entry);
    if (!name) throw badRequest("Document names cannot be blank");
    if (name.length > MAX_DOCUMENT_NAME_LENGTH) throw badRequest(`Document names must be at most ${MAX_DOCUMENT_NAME_LENGTH} characters`);
    if (description.length > MAX_DOCUMENT_DESCRIPTION_LENGTH) {
      throw badRequest(`Document descriptions must be at most ${MAX_DOCUMENT_DESCRIPTION_LENGTH} characters`);
    }
    const key = name.toLowerCase();
    if (seen.has(key)) throw badRequest(`${name} is listed more than once`);
    seen.add(key);
    return { name, description };
  });
}

/**
 * The document a signature request stands as in the customer's list (issue 41): kind "signature",
 * requested, with the request's due date, so reminders, overdue and the lists treat it as any
 * request; its file comes when the signed PDF is sealed (transitions/signature.ts).
 */
export async function insertSignatureDocument(
  tx: Writer,
  input: { workspaceId: string; customerId: string; name: string; description: string | null; dueDate: Date | null; reminderAt: Date | null; at: Date },
): Promise<DocumentRow> {
  return (
    await tx
      .insert(documents)
      .values({
        id: newId(),
        workspaceId: input.workspaceId,
        customerId: input.customerId,
        assigneeId: assigneeOfCustomer(input.customerId),
        name: input.name,
        description: input.description,
        kind: "signature",
        status: "requested",
        dueDate: input.dueDate,
        reminderAt: input.reminderAt,
        createdAt: input.at,
      })
      .returning()
  )[0]!;
}
