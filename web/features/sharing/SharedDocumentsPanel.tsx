import { Share2 } from "lucide-react";
import type { DashboardDocumentRow } from "@shared/api-types";
import { LinkButton } from "../../components/ui/Button";
import { Card } from "../../components/ui/Card";
import { EmptyState } from "../../components/ui/EmptyState";
import { Spinner } from "../../components/ui/Spinner";
import { formatDay } from "@shared/format";
import { useSharedDocumentsQuery } from "./api";

interface CustomerGroup {
  customerId: string;
  customerName: string;
  rows: DashboardDocumentRow[];
}

/**
 * SPEC 2: rows grouped by customer name. Grouped by the customer's id (two customers may share a
 * name, and View Customer must open the right one), ordered by name.
 */
export function groupSharedRows(rows: readonly DashboardDocumentRow[]): CustomerGroup[] {
  const groups = new Map<string, CustomerGroup>();
  for (const row of rows) {
    const group = groups.get(row.customerId) ?? { customerId: row.customerId, customerName: row.customerName, rows: [] };
    group.rows.push(row);
    groups.set(row.customerId, group);
  }
  return [...groups.values()].sort((a, b) => a.customerName.localeCompare(b.customerName));
}

/** The dashboard's Shared Documents panel: what the broker sent to whom. */
export function SharedDocumentsPanel() {
  const query = useSharedDocumentsQuery();
  const rows = query.data ?? [];
  return (
    <Card title="Shared Documents" icon={<Share2 />}>
      {query.isLoading ? (
        <Spinner label="Loading shared documents" className="w-full py-8" />
      ) : query.isError ? (
        <EmptyState title="Shared documents could not be loaded">Please try again in a moment.</EmptyState>
      ) : rows.length === 0 ? (
        <EmptyState title="No shared documents yet" icon={<Share2 />}>
          Files you send to customers with Send Document appear here.
        </EmptyState>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {groupSharedRows(rows).map((group) => (
            <li key={group.customerId} className="min-w-0 rounded-lg border border-slate-200">
              <div className="flex items-center justify-between gap-2 border-b border-slate-100 py-1 pr-1 pl-4">
                <h3 className="min-w-0 truncate font-semibold text-slate-900" title={group.customerName}>
                  {group.customerName}
                </h3>
                <LinkButton variant="ghost" size="sm" href={`/customer/${group.customerId}`} className="shrink-0 text-brand-700">
                  View Customer<span className="sr-only"> {group.customerName}</span>
                </LinkButton>
              </div>
              <ul aria-label={`Shared with ${group.customerName}`} className="divide-y divide-slate-100">
                {group.rows.map((row) => (
                  <li key={row.documentId} className="flex items-center gap-3 px-4 py-2.5">
                    <Share2 aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
                    <span className="min-w-0 flex-1 truncate text-slate-800" title={row.documentName}>
                      {row.documentName}
                    </span>
                    {row.uploadedAt ? <span className="shrink-0 text-sm text-slate-500">{formatDay(row.uploadedAt)}</span> : null}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
