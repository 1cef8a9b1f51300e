// The broker dashboard: metrics and the document lists behind its cards.
import type { AppContext } from "../../context.ts";
import type { DashboardDocumentRow, DashboardMetrics } from "./model.ts";
import { countCustomers, customerNamesOf } from "../customers/lookups.ts";
import { dashboardDocuments, documentMetrics, type DashboardList } from "../documents/lists.ts";

export async function dashboardMetrics(ctx: AppContext, brokerId: string): Promise<DashboardMetrics> {
  return { totalCustomers: await countCustomers(ctx, brokerId), ...await documentMetrics(ctx, brokerId, ctx.clock.now()) };
}

export async function dashboardRows(ctx: AppContext, { brokerId, list }: { brokerId: string; list: DashboardList }): Promise<DashboardDocumentRow[]> {
  // Bounded (DASHBOARD_LIST_LIMIT), and only the names of the customers on it are looked up.
  const docs = await dashboardDocuments(ctx, brokerId, list, ctx.clock.now());
  const names = await customerNamesOf(ctx, brokerId, docs.map((doc) => doc.customerId));
  return docs.map((doc) => ({
    documentId: doc.id,
    customerId: doc.customerId,
    customerName: names.get(doc.customerId) ?? "",
    documentName: doc.name,
    status: doc.status,
    dueDate: doc.dueDate?.toISOString() ?? null,
    uploadedAt: doc.uploadedAt?.toISOString() ?? null,
  }));
}
