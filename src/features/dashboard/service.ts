// The broker dashboard: metrics and the document lists behind its cards.
import type { AppContext } from "../../context.ts";
import type { DashboardDocumentRow, DashboardMetrics } from "./model.ts";
import { countVisibleCustomers, customerNamesOf } from "../customers/lookups.ts";
import { filteredAssignee } from "../customers/assignee.ts";
import { dashboardDocuments, documentMetrics, type DashboardList } from "../documents/lists.ts";
import type { Scope } from "../../shared/workspaces.ts";

/** Whose customers the dashboard shows: ?assignee=me (or a member's id) narrows the team's view to one member's. */
interface DashboardView {
  member: Scope;
  assignee?: string;
}

/** What the member sees: the whole workspace, or (assigned mode) their own customers; with an assignee, that member's of those. */
export async function dashboardMetrics(ctx: AppContext, { member, assignee }: DashboardView): Promise<DashboardMetrics> {
  const assigneeId = await filteredAssignee(ctx, member, assignee);
  return { totalCustomers: await countVisibleCustomers(ctx, member, assigneeId), ...await documentMetrics(ctx, member, ctx.clock.now(), assigneeId) };
}

export async function dashboardRows(ctx: AppContext, { member, assignee, list }: DashboardView & { list: DashboardList }): Promise<DashboardDocumentRow[]> {
  const assigneeId = await filteredAssignee(ctx, member, assignee);
  // Bounded (DASHBOARD_LIST_LIMIT), and only the names of the customers on it are looked up.
  const docs = await dashboardDocuments(ctx, member, list, ctx.clock.now(), assigneeId);
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
