import { t } from "elysia";
import { MaybeDate } from "../../lib/model.ts";
import { DocumentStatus } from "../documents/model.ts";
import { CustomerListQuery } from "../customers/model.ts";

/** ?assignee=me|{memberId}: the metrics and lists of one member's customers (of those the asker sees), as the customer list takes it. */
export const DashboardQuery = CustomerListQuery;
export type DashboardQuery = typeof DashboardQuery.static;

export const DashboardMetrics = t.Object({
  totalCustomers: t.Number(),
  pendingDocs: t.Number(),
  overdueDocs: t.Number(),
  completedToday: t.Number(),
});
export type DashboardMetrics = typeof DashboardMetrics.static;

/** One row of the dashboard's pending, completed-today and shared lists. */
export const DashboardDocumentRow = t.Object({
  documentId: t.String(),
  customerId: t.String(),
  customerName: t.String(),
  documentName: t.String(),
  status: DocumentStatus,
  dueDate: MaybeDate,
  uploadedAt: MaybeDate,
});
export type DashboardDocumentRow = typeof DashboardDocumentRow.static;

export const DashboardDocumentRows = t.Array(DashboardDocumentRow);
