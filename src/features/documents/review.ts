// The broker's review of a document (approve, or ask for a re-submit) and its due dates.
import { eq, inArray, sql } from "drizzle-orm";
import { timeParam } from "../../../db/dialect.ts";
import { given, preparedForIds, preparedWrite } from "../../lib/prepared.ts";
import { documents } from "../../../db/tables.ts";
import type { Tx } from "../../../db/client.ts";
import type { AppContext } from "../../context.ts";
import { AppError, badRequest, notFound } from "../../lib/errors.ts";
import { inTransaction } from "../../lib/unit-of-work.ts";
import { canVerify, canHaveDueDateSet, STATUS_LABELS } from "../../shared/documents.ts";
import { displayName } from "../../shared/user-display.ts";
import type { PublicUser } from "../auth/model.ts";
import { customerContact } from "../customers/lookups.ts";
import { queueEmail } from "../mail/service.ts";
import { documentApprovedEmail, resubmitRequestEmail } from "../mail/templates.ts";
import { addBrokerNotification, addCustomerNotification } from "../notifications/service.ts";
import type { BulkDueDateInput, DueDateInput, VerifyDocumentInput } from "./model.ts";
import { findOwnedDocument, parseDueDates, type DocumentRow } from "./service.ts";
import { emailSender } from "../broker-profile/contact.ts";
import { recordAudit } from "../audit/service.ts";
import { brokerActor, type AuditActor } from "../audit/actor.ts";


// A review's update, prepared once; values bound as given (lib/prepared.ts).
const reviewed = preparedWrite((tx) =>
  tx
    .update(documents)
    .set({ status: given("status"), verifiedAt: given("verifiedAt"), adminComments: given("adminComments"), rejectionReason: given("rejectionReason") })
    .where(eq(documents.id, sql.placeholder("documentId")))
    .returning()
    .prepare(),
);

/**
 * Approve, or ask for a re-submit (stored as need_to_resubmit with the reason). The customer's
 * email about it is queued in the same transaction.
 */
export async function verifyDocument(ctx: AppContext, input: VerifyDocumentInput & { broker: PublicUser; documentId: string; actor?: AuditActor }): Promise<DocumentRow> {
  const { broker } = input;
  const doc = await findOwnedDocument(ctx, broker.id, input.documentId);
  const reason = input.rejectionReason?.trim() ?? "";
  const comments = input.comments?.trim() || null;
  if (input.status === "rejected" && !reason) throw badRequest("Please give a reason for the re-submit request");

  if (!canVerify(doc.status, Boolean(doc.storageKey))) {
    const why =
      doc.status === "shared"
        ? "Shared documents are not reviewed."
        : doc.status === "approved"
          ? "This document is already approved."
          : "This document has no uploaded file to review yet.";
    throw new AppError("conflict", why);
  }
  const now = ctx.clock.now();
  const changes =
    input.status === "approved"
      ? { status: "approved" as const, verifiedAt: timeParam(now), adminComments: comments, rejectionReason: null }
      : { status: "need_to_resubmit" as const, verifiedAt: null, adminComments: comments, rejectionReason: reason };
  return inTransaction(ctx, async (unit) => {
    const { tx } = unit;
    const updated = (await reviewed(tx).execute({ documentId: doc.id, ...changes }))[0]!;
    const customer = await customerContact(ctx, doc.customerId, tx);
    const approved = input.status === "approved";
    await recordAudit(ctx, unit, { brokerId: broker.id, customerId: doc.customerId, action: approved ? "approved" : "resubmit_requested", actor: input.actor ?? brokerActor(ctx, { broker }), document: doc, detail: approved ? comments : reason });
    if (customer) {
      const people = { customerName: customer.name, brokerName: displayName(broker), sender: await emailSender(ctx, broker.id, tx), uploadUrl: customer.uploadUrl, documentName: doc.name };
      const content = approved ? documentApprovedEmail(people) : resubmitRequestEmail({ ...people, reason });
      const kind = approved ? "document_approved" : "resubmit_request";
      await queueEmail(ctx, tx, { kind, to: customer.email, dedupeKey: `${kind}:${doc.id}:${now.getTime()}`, ...content });
      await addBrokerNotification(unit, broker.id, {
        type: "document_verified",
        title: approved ? "Document approved" : "Re-submit requested",
        message: approved ? `${doc.name} from ${customer.name} was approved.` : `${customer.name} was asked to re-submit ${doc.name}.`,
        metadata: { customerId: doc.customerId, documentId: doc.id },
      });
    }
    await addCustomerNotification(unit, doc.customerId, {
      type: "document_verified",
      brokerId: broker.id,
      title: approved ? "Document approved" : "Please re-submit a document",
      message: approved ? `${doc.name} was approved.` : `${doc.name} needs to be uploaded again: ${reason}`,
      metadata: { documentId: doc.id },
    });
    unit.publish({ type: "document_verified", brokerId: broker.id, customerId: doc.customerId, documentId: doc.id, status: updated.status });
    return updated;
  });
}

/** Due dates given to existing documents are required (a request may have none). */
function parseRequiredDueDates(ctx: AppContext, input: DueDateInput): { dueDate: Date; reminderAt: Date | null } {
  const { dueDate, reminderAt } = parseDueDates(input, ctx.clock.now(), { required: true });
  return { dueDate: dueDate!, reminderAt };
}

/** An overdue document given a due date still ahead is waiting for the customer again. */
const waitingAgain = (doc: DocumentRow, dueDate: Date, now: Date) => doc.status === "overdue" && dueDate > now;

// A new due date, prepared per number of documents (preparedForIds): its reminder is due again,
// and in the second form the documents go back to "requested" (waitingAgain). Drizzle built the
// bulk due date's update anew on every call: the writes bench's last hot statement built that way.
const datesMovedFor = (back: boolean) =>
  preparedForIds((tx: Tx, ids) =>
    tx
      .update(documents)
      .set({ dueDate: given("dueDate"), reminderAt: given("reminderAt"), reminderSentAt: null, ...(back ? { status: "requested" as const } : {}) })
      .where(inArray(documents.id, ids))
      .returning()
      .prepare(), 16);
const datesMoved = datesMovedFor(false);
const datesMovedBack = datesMovedFor(true);

/** Gives the documents `ids` a new due date and reminder, inside the caller's transaction. */
async function moveDueDates(tx: Tx, ids: string[], dates: { dueDate: Date; reminderAt: Date | null; back: boolean }): Promise<DocumentRow[]> {
  const [update, params] = (dates.back ? datesMovedBack : datesMoved)(tx, ids);
  return await update.execute({ ...params, dueDate: timeParam(dates.dueDate), reminderAt: dates.reminderAt && timeParam(dates.reminderAt) });
}

function assertDueDateChangeable(doc: DocumentRow) {
  if (doc.status === "approved") throw new AppError("conflict", "Approved documents have no due date to change.");
  if (doc.status === "shared") throw new AppError("conflict", "Shared documents have no due date.");
}

/** A new due date (and optional reminder) for one document. */
export async function setDueDate(ctx: AppContext, input: DueDateInput & { brokerId: string; documentId: string }): Promise<DocumentRow> {
  const { brokerId } = input;
  const { dueDate, reminderAt } = parseRequiredDueDates(ctx, input);
  const doc = await findOwnedDocument(ctx, brokerId, input.documentId);
  assertDueDateChangeable(doc);
  return inTransaction(ctx, async ({ tx, publish }) => {
    publish({ type: "document_status_changed", brokerId, customerId: doc.customerId, documentIds: [doc.id] });
    return (await moveDueDates(tx, [doc.id], { dueDate, reminderAt, back: waitingAgain(doc, dueDate, ctx.clock.now()) }))[0]!;
  });
}

const documentsByIds = preparedForIds((db, ids) => db.select().from(documents).where(inArray(documents.id, ids)).prepare(), 16);

/** Sets one due date on several documents, all or none. */
export async function setBulkDueDate(ctx: AppContext, input: BulkDueDateInput & { brokerId: string }): Promise<DocumentRow[]> {
  const { brokerId } = input;
  const { dueDate, reminderAt } = parseRequiredDueDates(ctx, input);
  const unique = [...new Set(input.documentIds)];
  if (unique.length === 0) throw badRequest("Please select at least one document");
  // Looked up by primary key, the broker's ownership checked on the rows: with the broker in the
  // WHERE clause SQLite walked that broker's whole documents index (2.3 ms at 10,000 documents,
  // the slowest statement of the writes bench) instead of the nine primary keys. Another broker's
  // document still counts as not found.
  const [byIds, params] = documentsByIds(ctx.db, unique);
  const found = (await byIds.execute(params)).filter((d) => d.brokerId === brokerId);
  if (found.length !== unique.length) throw notFound("Some of the selected documents were not found");
  const ineligible = found.filter((d) => !canHaveDueDateSet(d.status));
  if (ineligible.length) {
    const list = ineligible.map((d) => `${d.name} (${STATUS_LABELS[d.status]})`).join(", ");
    throw new AppError("conflict", `Only documents still waiting for the customer can get a new due date: ${list}`);
  }
  return inTransaction(ctx, async ({ tx, publish }) => {
    for (const customerId of new Set(found.map((d) => d.customerId))) {
      const ids = found.filter((d) => d.customerId === customerId).map((d) => d.id);
      publish({ type: "document_status_changed", brokerId, customerId, documentIds: ids });
    }
    // One UPDATE per kind of change (at most two: overdue documents also go back to "requested"),
    // not one per document.
    const now = ctx.clock.now();
    const byId = new Map<string, DocumentRow>();
    for (const back of [false, true]) {
      const ids = found.filter((d) => waitingAgain(d, dueDate, now) === back).map((d) => d.id);
      if (ids.length) for (const row of await moveDueDates(tx, ids, { dueDate, reminderAt, back })) byId.set(row.id, row);
    }
    return found.map((d) => byId.get(d.id)!);
  });
}
