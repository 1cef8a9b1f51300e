// A due date moved, and with it "back to requested": an overdue document given a due date still
// ahead is waiting for the customer again.
import { inArray } from "drizzle-orm";
import { timeParam } from "../../../../db/dialect.ts";
import type { Tx } from "../../../../db/client.ts";
import { documents } from "../../../../db/tables.ts";
import { given, preparedForIds } from "../../../lib/prepared.ts";
import type { Unit } from "../../../lib/unit-of-work.ts";
import type { DocumentRow } from "../service.ts";
import { aboutCustomerById } from "../../customers/lookups.ts";

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

/**
 * Gives `docs` (checked by the caller: still waiting for the customer) a new due date and reminder;
 * a sent reminder is due again, and overdue ones whose new date is ahead go back to "requested".
 * One UPDATE per kind of change (at most two), not one per document. Returns the rows in the
 * order given.
 */
export async function moveDueDates(unit: Unit, docs: DocumentRow[], dates: { dueDate: Date; reminderAt: Date | null }): Promise<DocumentRow[]> {
  for (const customerId of new Set(docs.map((d) => d.customerId))) {
    const ids = docs.filter((d) => d.customerId === customerId).map((d) => d.id);
    unit.publish({ type: "document_status_changed", ...(await aboutCustomerById(unit.tx, customerId)), documentIds: ids });
  }
  const params = { dueDate: timeParam(dates.dueDate), reminderAt: dates.reminderAt && timeParam(dates.reminderAt) };
  const byId = new Map<string, DocumentRow>();
  for (const back of [false, true]) {
    const ids = docs.filter((d) => waitingAgain(d, dates.dueDate, unit.now) === back).map((d) => d.id);
    if (ids.length === 0) continue;
    const [update, idParams] = (back ? datesMovedBack : datesMoved)(unit.tx, ids);
    for (const row of await update.execute({ ...idParams, ...params })) byId.set(row.id, row);
  }
  return docs.map((d) => byId.get(d.id)!);
}
