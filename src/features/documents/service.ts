// Documents: what a broker requested of a customer, and their files. This feature owns the
// documents table; other features call these functions. Here: finding, counting and deleting
// them. Creating them is creation.ts; every change of their state is transitions/ (called by
// review.ts, uploads.ts, answers.ts and other features); cross-customer lists (dashboard,
// reminders) are lists.ts.
import { and, asc, eq, inArray, lt, ne, notInArray, sql, type SQL, type SQLWrapper, count } from "drizzle-orm";
import { documents, documentVersions } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import type { Writer } from "../../lib/jobs.ts";
import { prepared, preparedForIds } from "../../lib/prepared.ts";
import { saidError } from "../../lib/said-error.ts";
import { inTransaction } from "../../lib/unit-of-work.ts";
import type { DocumentCounts, DocumentDto } from "./model.ts";
import { AWAITING_UPLOAD, canCustomerUpload, type DocumentStatus, SHARED } from "../../shared/documents.ts";
import { describeChecks } from "../../shared/acceptance-rules.ts";
import { timeParam } from "../../../db/dialect.ts";
import type { AuditActor } from "../audit/actor.ts";
import type { Scope } from "../../shared/workspaces.ts";
import { aboutCustomerById, visibleCustomerIds } from "../customers/lookups.ts";
import { customerNotice } from "../../shared/i18n/customer-notice.ts";

export type DocumentRow = typeof documents.$inferSelect;

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toDocumentDto(doc: DocumentRow): DocumentDto {
  return {
    id: doc.id,
    customerId: doc.customerId,
    brokerId: doc.workspaceId,
    name: doc.name,
    description: doc.description,
    status: doc.status,
    kind: doc.kind,
    dueDate: iso(doc.dueDate),
    reminderAt: iso(doc.reminderAt),
    fileUrl: doc.storageKey ? `/api/documents/${doc.id}/download` : null,
    viewUrl: doc.storageKey ? `/api/documents/${doc.id}/view` : null,
    fileName: doc.originalName,
    originalName: doc.originalName,
    fileSize: doc.fileSize,
    mimeType: doc.mimeType,
    rejectionReason: doc.rejectionReason,
    adminComments: doc.adminComments,
    uploadedAt: iso(doc.uploadedAt),
    verifiedAt: iso(doc.verifiedAt),
    createdAt: doc.createdAt.toISOString(),
    pageCount: doc.pageCount,
    checks: doc.checkReport ? describeChecks(doc.checkReport) : null,
    recognition: doc.checkReport?.recognition ?? null,
    customerNote: doc.checkReport?.customerNote ?? null,
    acceptanceRules: doc.acceptanceRules,
    unavailableReason: doc.unavailableReason,
    unavailableAt: iso(doc.unavailableAt),
  };
}

const documentQuery = prepared((db) => db.select().from(documents).where(eq(documents.id, sql.placeholder("documentId"))).prepare());

/** Any document by id, for features that authorise the reader themselves (file reads). */
export async function findDocument(ctx: AppContext, documentId: string): Promise<DocumentRow | null> {
  return (await documentQuery(ctx.db).execute({ documentId }))[0] ?? null;
}

/** A document by id inside the caller's transaction (a state change that must read what it changes). */
export async function findDocumentIn(tx: Writer, documentId: string): Promise<DocumentRow | null> {
  return (await tx.select().from(documents).where(eq(documents.id, documentId)))[0] ?? null;
}

/** The customer's own documents among `ids`, in their order, in one query in the caller's transaction (another customer's are never read). */
export async function customerDocumentsIn(tx: Writer, customerId: string, ids: string[]): Promise<DocumentRow[]> {
  if (ids.length === 0) return [];
  const rows = await tx.select().from(documents).where(and(eq(documents.customerId, customerId), inArray(documents.id, ids)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * A document of a customer this member may see, or 404: another workspace's id, or a colleague's
 * customer's in "assigned" mode, looks exactly like a missing one.
 */
export async function findOwnedDocument(ctx: AppContext, member: Scope, documentId: string): Promise<DocumentRow> {
  const doc = (await ctx.db
    .select()
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.workspaceId, member.workspaceId), inArray(documents.customerId, visibleCustomerIds(ctx.db, member)))))[0];
  if (!doc) throw notFound("Document not found");
  return doc;
}

const customerDocumentsQuery = prepared((db) =>
  db
    .select()
    .from(documents)
    .where(and(eq(documents.workspaceId, sql.placeholder("brokerId")), eq(documents.customerId, sql.placeholder("customerId"))))
    .orderBy(asc(documents.createdAt), asc(documents.name))
    .prepare(),
);

export async function listCustomerDocuments(ctx: AppContext, brokerId: string, customerId: string): Promise<DocumentRow[]> {
  return await customerDocumentsQuery(ctx.db).execute({ brokerId, customerId });
}

/** How many documents (shared files not counted) this broker has requested: of one customer, or of all. */
const requestedCount = (ofCustomer: boolean) =>
  prepared((db) =>
    db
      .select({ n: count() })
      .from(documents)
      .where(and(eq(documents.workspaceId, sql.placeholder("brokerId")), ofCustomer ? eq(documents.customerId, sql.placeholder("customerId")) : undefined, requirement))
      .prepare(),
  );
const requestedOfBroker = requestedCount(false);
const requestedOfCustomer = requestedCount(true);

export async function countRequestedDocuments(ctx: AppContext, of: { brokerId: string; customerId?: string }): Promise<number> {
  const query = of.customerId ? requestedOfCustomer : requestedOfBroker;
  return (await query(ctx.db).execute({ brokerId: of.brokerId, customerId: of.customerId }))[0]!.n;
}

/** SQL filters on one of the named status sets of src/shared/documents.ts. */
export const statusIn = (set: readonly DocumentStatus[]) => inArray(documents.status, [...set]);
export const statusNotIn = (set: readonly DocumentStatus[]) => notInArray(documents.status, [...set]);
/** Not a shared file (isRequirement, in SQL). */
export const requirement = ne(documents.status, SHARED);
/** Still waiting for the customer (canCustomerUpload, in SQL). */
export const waiting = statusIn(AWAITING_UPLOAD);
// mapWith(Number): PostgreSQL sums to a bigint, which its driver hands over as a string.
export const countIf = (condition: SQL) => sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`.mapWith(Number);

/** The count columns of DocumentCounts; shared files are filtered out by the callers' WHERE. */
// Prepared once with `now` as a placeholder (bound with timeParam).
const countColumns = {
  total: count(),
  approved: countIf(eq(documents.status, "approved")),
  underReview: countIf(eq(documents.status, "uploaded")),
  awaitingUpload: countIf(waiting),
  overdue: countIf(and(waiting, lt(documents.dueDate, sql.placeholder("now")))!),
};

const countsByCustomerQuery = prepared((db) =>
  db
    .select({ customerId: documents.customerId, ...countColumns })
    .from(documents)
    .where(and(eq(documents.workspaceId, sql.placeholder("brokerId")), requirement))
    .groupBy(documents.customerId)
    .prepare(),
);

/** Per-customer counts for a broker's whole list in one grouped query. */
export async function documentCountsByCustomer(ctx: AppContext, brokerId: string, now: Date): Promise<Map<string, DocumentCounts>> {
  const rows = await countsByCustomerQuery(ctx.db).execute({ brokerId, now: timeParam(now) });
  return new Map(rows.map(({ customerId, ...counts }) => [customerId, counts]));
}

const countsQuery = prepared((db) =>
  db
    .select(countColumns)
    .from(documents)
    .where(and(eq(documents.workspaceId, sql.placeholder("brokerId")), eq(documents.customerId, sql.placeholder("customerId")), requirement))
    .prepare(),
);

/** Per-customer counts for some of a broker's customers (one page of a list). */
export async function documentCountsOfCustomers(ctx: AppContext, brokerId: string, customerIds: string[], now: Date): Promise<Map<string, DocumentCounts>> {
  if (customerIds.length === 0) return new Map();
  const rows = await ctx.db
      .select({ customerId: documents.customerId, ...countColumns })
      .from(documents)
      .where(and(eq(documents.workspaceId, brokerId), inArray(documents.customerId, customerIds), requirement))
      .groupBy(documents.customerId)
      .prepare().execute({ now: timeParam(now) });
  return new Map(rows.map(({ customerId, ...counts }) => [customerId, counts]));
}

/**
 * Per-customer counts for the customers a query selects (`customerIds`: a select of customers.id
 * of one workspace), for a list that is not the whole workspace's (one member's customers). Read
 * customer by customer (documents_customer_idx): the whole workspace's grouped count took a broker
 * seeing 200 of 10,000 customers ~100 ms, against ~13 ms for a solo broker with 200
 * (scripts/bench/workspace.ts).
 */
export async function documentCountsOfSelectedCustomers(ctx: AppContext, customerIds: SQLWrapper, now: Date): Promise<Map<string, DocumentCounts>> {
  const rows = await ctx.db
    .select({ customerId: documents.customerId, ...countColumns })
    .from(documents)
    .where(and(inArray(documents.customerId, customerIds), requirement))
    .groupBy(documents.customerId)
    .prepare()
    .execute({ now: timeParam(now) });
  return new Map(rows.map(({ customerId, ...counts }) => [customerId, counts]));
}

export async function documentCounts(ctx: AppContext, brokerId: string, customerId: string, now: Date): Promise<DocumentCounts> {
  return (await countsQuery(ctx.db).execute({ brokerId, customerId, now: timeParam(now) }))[0]!;
}

/**
 * Deletes documents (in the caller's transaction) and returns the storage keys of their files and
 * earlier versions that no remaining document or version references (a shared file is stored
 * once for all its recipients); the caller removes those files once the transaction has committed.
 */
export async function deleteDocumentRows(tx: Writer, rows: DocumentRow[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((d) => d.id);
  const versionKeys = (await tx
      .select({ key: documentVersions.storageKey })
      .from(documentVersions)
      .where(inArray(documentVersions.documentId, ids)))
    .map((v) => v.key);
  await tx.delete(documents).where(inArray(documents.id, ids));
  const keys = [...new Set([...rows.flatMap((d) => (d.storageKey ? [d.storageKey] : [])), ...versionKeys])];
  if (keys.length === 0) return [];
  const stillUsed = new Set([
    ...(await tx.select({ key: documents.storageKey }).from(documents).where(inArray(documents.storageKey, keys))).map((r) => r.key),
    ...(await tx.select({ key: documentVersions.storageKey }).from(documentVersions).where(inArray(documentVersions.storageKey, keys))).map((r) => r.key),
  ]);
  return keys.filter((key) => !stillUsed.has(key));
}

export async function removeFiles(ctx: AppContext, keys: string[]): Promise<void> {
  for (const key of keys) await ctx.files.remove(key);
}

/** Removes a document, then its files; the customer is told. */
export async function deleteDocument(ctx: AppContext, { member, documentId, actor }: { member: Scope; documentId: string; actor: AuditActor }): Promise<DocumentRow> {
  const doc = await findOwnedDocument(ctx, member, documentId);
  // Deleting it would leave its signers a request with nothing behind it: voiding withdraws it and tells them.
  if (doc.kind === "signature" && canCustomerUpload(doc.status)) throw new AppError("conflict", "This document is out for signature. Void the signature request instead.");
  const brokerId = member.workspaceId;
  const keys = await inTransaction(ctx, async (unit) => {
      unit.publish({
        type: "document_status_changed",
        ...(await aboutCustomerById(unit.tx, doc.customerId)),
        documentIds: [doc.id],
        facts: {
          audit: [{ brokerId, customerId: doc.customerId, action: "document_deleted", actor, document: doc, detail: doc.originalName }],
          notify: [
            {
              to: "customer",
              customerId: doc.customerId,
              brokerId,
              ...customerNotice(doc.status === "shared" ? "sharedRemoved" : "requestRemoved", { documentName: doc.name }, { documentId: doc.id }),
            },
          ],
        },
      });
      return deleteDocumentRows(unit.tx, [doc]);
    });
  await removeFiles(ctx, keys);
  return doc;
}

/** The documents of these customer relationships (the customer portal's list). */
const documentsOfCustomers = preparedForIds((db, ids) =>
  db.select().from(documents).where(inArray(documents.customerId, ids)).orderBy(asc(documents.createdAt), asc(documents.name)).prepare(),
);

export async function listDocumentsOfCustomers(ctx: AppContext, customerIds: string[]): Promise<DocumentRow[]> {
  if (customerIds.length === 0) return [];
  const [statement, params] = documentsOfCustomers(ctx.db, customerIds);
  return await statement.execute(params);
}

/** A document of one of these customer relationships, or 404. */
export async function findCustomerDocument(ctx: AppContext, customerIds: string[], documentId: string): Promise<DocumentRow> {
  const doc = await findDocument(ctx, documentId);
  if (!doc || !customerIds.includes(doc.customerId)) throw saidError("not_found", "errors.documentNotFound");
  return doc;
}

/** Every stored file a document or an earlier version of one refers to (the orphan sweep's list). */
export async function referencedStorageKeys(ctx: AppContext): Promise<Set<string>> {
  const current = await ctx.db.selectDistinct({ key: documents.storageKey }).from(documents);
  const earlier = await ctx.db.selectDistinct({ key: documentVersions.storageKey }).from(documentVersions);
  return new Set([...current, ...earlier].flatMap((row) => (row.key ? [row.key] : [])));
}
