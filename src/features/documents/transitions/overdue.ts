// Overdue: documents still waiting whose due time has passed (the scheduler's sweep).
import { and, lte, sql } from "drizzle-orm";
import { documents } from "../../../../db/tables.ts";
import { NOT_YET_UPLOADED_CONDITION } from "../../../../db/partial-indexes.ts";
import type { Unit } from "../../../lib/unit-of-work.ts";
import type { DocumentRow } from "../service.ts";
import { aboutCustomerById } from "../../customers/lookups.ts";

/**
 * Marks every document still waiting whose due time has passed overdue; each customer's screens
 * are told once. The status condition is the partial index's own text (db/partial-indexes.ts), so
 * SQLite walks only the waiting documents' due dates instead of every document of every brokerage.
 */
export async function markOverdue(unit: Unit): Promise<DocumentRow[]> {
  const rows = await unit.tx
    .update(documents)
    .set({ status: "overdue" })
    .where(and(sql.raw(NOT_YET_UPLOADED_CONDITION), lte(documents.dueDate, unit.now)))
    .returning();
  const byCustomer = new Map<string, DocumentRow[]>();
  for (const doc of rows) byCustomer.set(doc.customerId, [...(byCustomer.get(doc.customerId) ?? []), doc]);
  for (const [customerId, docs] of byCustomer) {
    unit.publish({ type: "document_status_changed", ...(await aboutCustomerById(unit.tx, customerId)), documentIds: docs.map((d) => d.id) });
  }
  return rows;
}
