// The broker dashboard: metrics and the document lists behind its cards.
import type { AppContext } from "../../context.ts";
import type { DashboardDocumentRow, DashboardMetrics } from "./model.ts";
import { countVisibleCustomers, customerNamesOf } from "../customers/lookups.ts";
import { dashboardDocuments, documentMetrics, type DashboardList } from "../documents/lists.ts";
import type { Scope } from "../../shared/workspaces.ts";

/** What the member sees: the whole workspace, or (assigned mode) their own customers. */
export async function dashboardMetrics(ctx: AppContext, member: Scope): Promise<DashboardMetrics> {
  return { totalCustomers: await countVisibleCustomers(ctx, member), ...await documentMetrics(ctx, member, ctx.clock.now()) };
}

export async function dashboardRows(ctx: AppContext, { member, list }: { member: Scope; list: DashboardList }): Promise<DashboardDocumentRow[]> {
  // Bounded (DASHBOARD_LIST_LIMIT), and only the names of the customers on it are looked up.
  const docs = await dashboardDocuments(ctx, member, list, ctx.clock.now());
  const names = await customerNamesOf(ctx, member.workspaceId, docs.map((doc) => doc.customerId));
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
