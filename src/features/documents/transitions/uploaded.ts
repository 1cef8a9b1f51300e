// Uploaded: a customer's file lands on a document that awaits one.
import { and, eq, sql } from "drizzle-orm";
import { timeParam } from "../../../../db/dialect.ts";
import { documents, documentVersions } from "../../../../db/tables.ts";
import type { AppContext } from "../../../context.ts";
import { notFound } from "../../../lib/errors.ts";
import { saidError } from "../../../lib/said-error.ts";
import { given, preparedWrite } from "../../../lib/prepared.ts";
import { newId } from "../../../lib/tokens.ts";
import type { AuditFact, Unit } from "../../../lib/unit.ts";
import type { CheckReport } from "../../../shared/acceptance-rules.ts";
import { AWAITING_UPLOAD, type DocumentKind, type DocumentStatus } from "../../../shared/documents.ts";
import type { BrokerNotificationType } from "../../../shared/notifications.ts";
import { linkGuestActor, type AuditActor } from "../../audit/actor.ts";
import { aboutCustomer, customerContact, recordCustomerActivity } from "../../customers/lookups.ts";
import { statusIn, type DocumentRow } from "../service.ts";

/** Why a document takes no upload now, by its kind and status: a 409 the portal says in its language. */
export const notUploadable = ({ kind, status }: { kind: DocumentKind; status: DocumentStatus }) =>
  saidError(
    "conflict",
    kind === "signature" ? "errors.signedNotUploaded" : status === "uploaded" ? "errors.alreadyUploaded" : status === "approved" ? "errors.alreadyApproved" : "errors.notUploadable",
  );

// An upload's two statements on the document, prepared once; values bound as given (lib/prepared.ts).
const stillAwaiting = preparedWrite((tx) => tx.select().from(documents).where(and(eq(documents.id, sql.placeholder("documentId")), statusIn(AWAITING_UPLOAD))).prepare());
const fileAttached = preparedWrite((tx) =>
  tx
    .update(documents)
    .set({
      status: "uploaded",
      storageKey: given("storageKey"),
      originalName: given("originalName"),
      mimeType: given("mimeType"),
      fileSize: given("fileSize"),
      pageCount: given("pageCount"),
      checkReport: given("checkReport"),
      uploadedAt: given("uploadedAt"),
      verifiedAt: null,
      // A file answers the request; an earlier "I don't have this" no longer stands.
      unavailableReason: null,
      unavailableAt: null,
      stillNeededAt: null,
    })
    .where(eq(documents.id, sql.placeholder("documentId")))
    .returning()
    .prepare(),
);

/** The stored file the document now points at (already in the file store under `storageKey`). */
export interface StoredUpload {
  storageKey: string;
  originalName: string;
  mimeType: string;
  size: number;
  pageCount?: number | null;
  report?: CheckReport | null;
}

/**
 * The document becomes "uploaded" with this file: a replaced file is kept as an earlier version,
 * the invitation counts as accepted, the broker is told. Re-checked here, inside the transaction:
 * of two uploads racing for one document, one wins and the other is a 409.
 */
export async function markUploaded(ctx: AppContext, unit: Unit, input: { doc: DocumentRow; file: StoredUpload; actor?: AuditActor }): Promise<DocumentRow> {
  const { tx, now } = unit;
  const { doc, file } = input;
  const previous = (await stillAwaiting(tx).execute({ documentId: doc.id }))[0];
  if (!previous) throw notUploadable({ kind: "upload", status: "uploaded" });
  if (previous.storageKey) {
    await tx.insert(documentVersions).values({
      id: newId(),
      documentId: doc.id,
      storageKey: previous.storageKey,
      originalName: previous.originalName,
      mimeType: previous.mimeType,
      fileSize: previous.fileSize,
      pageCount: previous.pageCount,
      checkReport: previous.checkReport,
      uploadedAt: previous.uploadedAt,
      replacedAt: now,
    });
  }
  const updated = (await fileAttached(tx).execute({
    documentId: doc.id,
    storageKey: file.storageKey,
    originalName: file.originalName,
    mimeType: file.mimeType,
    fileSize: file.size,
    pageCount: file.pageCount ?? null,
    checkReport: file.report ? JSON.stringify(file.report) : null,
    uploadedAt: timeParam(now),
  }))[0]!;
  await publishCustomerAnswer(ctx, unit, {
    doc,
    audit: { action: "uploaded", actor: input.actor ?? linkGuestActor(doc.customerId, null), detail: file.originalName },
    team: { type: "document_uploaded", title: "Document uploaded", message: (customerName) => `${customerName} uploaded ${doc.name}.` },
  });
  return updated;
}

/**
 * The customer answered a request (a file, or a reason instead of one): their activity counts, and
 * `document_uploaded` is published with the trail's entry and their whole team told (the assignee
 * and the watchers: the customer did it, no member is left out).
 */
export async function publishCustomerAnswer(
  ctx: AppContext,
  unit: Unit,
  input: {
    doc: DocumentRow;
    audit: Pick<AuditFact, "action" | "actor" | "detail">;
    team: { type: BrokerNotificationType; title: string; message: (customerName: string) => string };
  },
): Promise<void> {
  const { doc, audit, team } = input;
  await recordCustomerActivity(unit.tx, doc.customerId, unit.now);
  const customer = await customerContact(ctx, doc.customerId, unit.tx);
  if (!customer) throw notFound("Customer not found");
  unit.publish({
    type: "document_uploaded",
    ...aboutCustomer(customer),
    documentId: doc.id,
    facts: {
      audit: [{ brokerId: doc.workspaceId, customerId: doc.customerId, document: doc, ...audit }],
      notify: [{ to: "team", customer, type: team.type, title: team.title, message: team.message(customer.name), metadata: { customerId: doc.customerId, documentId: doc.id } }],
    },
  });
}
