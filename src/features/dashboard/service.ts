// The broker dashboard: metrics and the document lists behind its cards.
import type { AppContext } from "../../context.ts";
import type { DashboardDocumentRow, DashboardMetrics } from "./model.ts";
import { countCustomers } from "../customers/contact.ts";
import { customerNames } from "../customers/contact.ts";
import { dashboardDocuments, documentMetrics, type DashboardList } from "../documents/lists.ts";

export function dashboardMetrics(ctx: AppContext, brokerId: string): DashboardMetrics {
  return { totalCustomers: countCustomers(ctx, brokerId), ...documentMetrics(ctx, brokerId, ctx.clock.now()) };
}

export function dashboardRows(ctx: AppContext, { brokerId, list }: { brokerId: string; list: DashboardList }): DashboardDocumentRow[] {
  const names = customerNames(ctx, brokerId);
  return dashboardDocuments(ctx, brokerId, list, ctx.clock.now()).map((doc) => ({
    documentId: doc.id,
    customerId: doc.customerId,
    customerName: names.get(doc.customerId) ?? "",
    documentName: doc.name,
    status: doc.status,
    dueDate: doc.dueDate?.toISOString() ?? null,
    uploadedAt: doc.uploadedAt?.toISOString() ?? null,
  }));
}
