// Expiring documents: an approved document can carry an expiry date; N days before it (the
// broker's setting, 30 by default) the customer is asked for a current one, once; the dashboard
// lists what expires soon.
import { and, asc, eq, inArray, isNull, lte } from "drizzle-orm";
import { customers, documentExpiries, documents } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { AppError, badRequest } from "../../lib/errors.ts";
import { inTransaction } from "../../lib/unit-of-work.ts";
import { cadenceMessages, EXPIRING_SOON_DAYS, addIsoDays, expiryReason, isIsoDay, renewalDay } from "../../shared/reminder-cadence.ts";
import { localDay } from "../../shared/local-day.ts";
import { findOwnedCustomer } from "../customers/service.ts";
import { findOwnedDocument } from "../documents/service.ts";
import { requestRenewal } from "../documents/transitions/index.ts";
import { reminderSettingsOf, timeZonesOf } from "../reminders/settings.ts";
import type { DocumentExpiry, ExpiringDocument } from "./model.ts";
import { seesEveryCustomer, type Scope } from "../../shared/workspaces.ts";
import { aboutCustomer, aboutCustomerById, visibleCustomerIds, visibleCustomers } from "../customers/lookups.ts";

/** Sets (or with null clears) an approved document's expiry date; a new date may ask again once more. */
export async function setDocumentExpiry(ctx: AppContext, { member, documentId, expiresOn }: { member: Scope; documentId: string; expiresOn: string | null }) {
  const doc = await findOwnedDocument(ctx, member, documentId);
  const brokerId = member.workspaceId;
  if (expiresOn !== null && !isIsoDay(expiresOn)) throw badRequest(cadenceMessages.expiryDate);
  if (expiresOn !== null && doc.status !== "approved") throw new AppError("conflict", "Only an approved document can carry an expiry date.");
  await inTransaction(ctx, async ({ tx, publish }) => {
    if (expiresOn === null) await tx.delete(documentExpiries).where(eq(documentExpiries.documentId, doc.id));
    else {
      const values = { expiresOn, renewalRequestedAt: null };
      await tx.insert(documentExpiries).values({ documentId: doc.id, workspaceId: brokerId, customerId: doc.customerId, ...values }).onConflictDoUpdate({ target: documentExpiries.documentId, set: values });
    }
    publish({ type: "document_status_changed", ...(await aboutCustomerById(tx, doc.customerId)), documentIds: [doc.id] });
  });
  return { documentId: doc.id, expiresOn };
}

/** The expiry dates on one of the broker's customers' documents (another broker's customer is a 404). */
export async function customerExpiries(ctx: AppContext, { member, customerId }: { member: Scope; customerId: string }): Promise<DocumentExpiry[]> {
  await findOwnedCustomer(ctx, member, customerId);
  const rows = await ctx.db
    .select()
    .from(documentExpiries)
    // The customer's range of document_expiries_customer_idx, the customer being one the member
    // sees (above). With the workspace in the WHERE, SQLite walked the workspace's expiries, and
    // this read grew with the brokerage (0.6 ms at 200 customers, 3 ms at 10,000; workspace.ts bench).
    .where(eq(documentExpiries.customerId, customerId))
    .orderBy(asc(documentExpiries.expiresOn));
  return rows.map((r) => ({ documentId: r.documentId, expiresOn: r.expiresOn, renewalRequested: r.renewalRequestedAt !== null }));
}

/** The broker's approved documents that expire within the next days (or already have), soonest first. */
/** The dashboard's expiring documents: of the customers this member sees. */
export async function expiringDocuments(ctx: AppContext, member: Scope, withinDays = EXPIRING_SOON_DAYS): Promise<ExpiringDocument[]> {
  // "Soon" by this member's own calendar.
  const zone = (await timeZonesOf(ctx.db, [member.memberId])).get(member.memberId) ?? "UTC";
  const until = addIsoDays(localDay(ctx.clock.now(), zone), withinDays);
  return (await ctx.db
      .select({ e: documentExpiries, documentName: documents.name, status: documents.status, customerName: customers.name })
      .from(documentExpiries)
      .innerJoin(documents, eq(documents.id, documentExpiries.documentId))
      .innerJoin(customers, eq(customers.id, documentExpiries.customerId))
      .where(
        and(
          // A member who sees only their own customers: those customers' expiries, customer by
          // customer (document_expiries_customer_idx). With the workspace's in the condition,
          // SQLite walked every expiry of the workspace due within the days (50 times a solo
          // broker's in a workspace of 50) to keep the member's; with neither, PostgreSQL read
          // the whole table (docs/performance.md, "Workspaces").
          seesEveryCustomer(member) ? eq(documentExpiries.workspaceId, member.workspaceId) : inArray(documentExpiries.customerId, visibleCustomerIds(ctx.db, member)),
          visibleCustomers(member),
          lte(documentExpiries.expiresOn, until),
        ),
      )
      .orderBy(asc(documentExpiries.expiresOn), asc(documents.name))
      .limit(100))
    .map((r) => ({
      documentId: r.e.documentId,
      customerId: r.e.customerId,
      customerName: r.customerName,
      documentName: r.documentName,
      expiresOn: r.e.expiresOn,
      renewalRequested: r.e.renewalRequestedAt !== null,
    }));
}

/**
 * The scheduler's expiry step: an approved document whose renewal day has come (in the broker's
 * zone) is asked for again with the reason "Expires on …, please send a current one" (the
 * renewal transition, documents/transitions/renewal.ts: status, email, notification).
 * renewalRequestedAt makes it once.
 */
export async function requestExpiringRenewals(ctx: AppContext): Promise<void> {
  await inTransaction(ctx, async (unit) => {
    const { tx, now } = unit;
    const rows = await tx
      // Whose customer each is comes with the batch: its events need it, one query for them all.
      .select({ e: documentExpiries, doc: documents, customerWorkspaceId: customers.workspaceId, assigneeId: customers.assigneeId })
      .from(documentExpiries)
      .innerJoin(documents, eq(documents.id, documentExpiries.documentId))
      .innerJoin(customers, eq(customers.id, documentExpiries.customerId))
      .where(
        and(
          isNull(documentExpiries.renewalRequestedAt),
          eq(documents.status, "approved"),
          // Said twice on purpose: as a list of ids, it makes SQLite start from the few
          // expiry dates and look their documents up by key. Without it SQLite scanned
          // every document of every brokerage each 5 s (27 ms at 100,000 documents, the
          // event loop held all that time).
          inArray(documents.id, tx.select({ id: documentExpiries.documentId }).from(documentExpiries).where(isNull(documentExpiries.renewalRequestedAt))),
        ),
      );
    if (rows.length === 0) return;
    const settings = await reminderSettingsOf(tx, rows.map((r) => r.doc.workspaceId));
    // The day is the one of the member the customer is assigned to.
    const zones = await timeZonesOf(tx, rows.map((r) => r.assigneeId));
    for (const { e, doc, customerWorkspaceId, assigneeId } of rows) {
      const s = settings.get(doc.workspaceId)!;
      if (localDay(now, zones.get(assigneeId) ?? "UTC") < renewalDay(e.expiresOn, s.expiryLeadDays)) continue;
      const claimed = (await tx
        .update(documentExpiries)
        .set({ renewalRequestedAt: now })
        .where(and(eq(documentExpiries.documentId, doc.id), isNull(documentExpiries.renewalRequestedAt)))
        .returning({ id: documentExpiries.documentId }))[0];
      if (!claimed) continue;
      const about = aboutCustomer({ id: doc.customerId, workspaceId: customerWorkspaceId, assigneeId });
      await requestRenewal(ctx, unit, { doc, reason: expiryReason(e.expiresOn), about });
      unit.publish({ type: "document_expiring", ...about, documentId: doc.id, expiresOn: e.expiresOn });
    }
  });
}
