import type { ReactNode } from "react";
import { Link } from "react-aria-components";
import { CircleCheck, FileClock } from "lucide-react";
import type { DashboardDocumentRow } from "@shared/api-types";
import { ModalDialog } from "../../components/ui/Dialog";
import { EmptyState } from "../../components/ui/EmptyState";
import { Spinner } from "../../components/ui/Spinner";
import { cx } from "../../components/ui/cx";
import { StatusBadge, StatusIcon, STATUS_ICON_COLOURS } from "../../components/StatusBadge";
import { useCompletedDocumentsQuery, usePendingDocumentsQuery, type DashboardView } from "../dashboard/api";

interface DialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The dashboard's "Mine / Team": the dialog lists what its card counted. */
  view?: DashboardView;
}

/** Rows grouped by customer, keeping the server's order of first appearance. */
function groupByCustomer(rows: readonly DashboardDocumentRow[]) {
  const groups = new Map<string, { customerId: string; customerName: string; rows: DashboardDocumentRow[] }>();
  for (const row of rows) {
    const group = groups.get(row.customerId) ?? { customerId: row.customerId, customerName: row.customerName, rows: [] };
    group.rows.push(row);
    groups.set(row.customerId, group);
  }
  return [...groups.values()];
}

function DocumentGroups({ rows, onNavigate }: { rows: readonly DashboardDocumentRow[]; onNavigate: () => void }) {
  return (
    <ul className="flex flex-col gap-4">
      {groupByCustomer(rows).map((group) => (
        <li key={group.customerId} className="rounded-lg border border-slate-200">
          <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-2">
            {/* min-w-0 + wrap-anywhere: a long name wraps instead of pushing the link off the dialog. */}
            <h3 className="min-w-0 font-semibold wrap-anywhere text-slate-900">{group.customerName}</h3>
            <Link
              href={`/customer/${group.customerId}`}
              onPress={onNavigate}
              className="-mr-2 flex min-h-11 shrink-0 items-center rounded-lg px-2 text-sm font-medium whitespace-nowrap text-brand-700 underline-offset-2 outline-none data-hovered:underline data-focus-visible:ring-2 data-focus-visible:ring-brand-500"
            >
              View Customer<span className="sr-only"> {group.customerName}</span>
            </Link>
          </div>
          <ul className="divide-y divide-slate-100">
            {group.rows.map((row) => (
              <li key={row.documentId} className="flex items-center gap-3 px-4 py-2.5">
                <StatusIcon status={row.status} className={cx("size-5 shrink-0", STATUS_ICON_COLOURS[row.status])} />
                <span className="min-w-0 flex-1 truncate text-slate-800">{row.documentName}</span>
                <StatusBadge status={row.status} />
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

function DialogBody({
  query,
  emptyTitle,
  emptyIcon,
  onNavigate,
}: {
  query: { data: DashboardDocumentRow[] | null | undefined; isLoading: boolean; isError: boolean };
  emptyTitle: string;
  emptyIcon: ReactNode;
  onNavigate: () => void;
}) {
  if (query.isLoading) return <Spinner label="Loading documents" className="w-full py-10" />;
  if (query.isError) return <EmptyState title="Documents could not be loaded">Please try again in a moment.</EmptyState>;
  const rows = query.data ?? [];
  if (rows.length === 0) return <EmptyState title={emptyTitle} icon={emptyIcon} />;
  return <DocumentGroups rows={rows} onNavigate={onNavigate} />;
}

/** Documents still waiting for the customer or for review; fetched only while open. */
export function PendingDocumentsDialog({ isOpen, onOpenChange, view }: DialogProps) {
  const query = usePendingDocumentsQuery(isOpen, view);
  return (
    <ModalDialog title="Pending Documents" size="lg" isOpen={isOpen} onOpenChange={onOpenChange}>
      {(close) => <DialogBody query={query} emptyTitle="No pending documents" emptyIcon={<FileClock />} onNavigate={close} />}
    </ModalDialog>
  );
}

/** Documents approved today; fetched only while open. */
export function CompletedTodayDialog({ isOpen, onOpenChange, view }: DialogProps) {
  const query = useCompletedDocumentsQuery(isOpen, view);
  return (
    <ModalDialog title="Completed Today" size="lg" isOpen={isOpen} onOpenChange={onOpenChange}>
      {(close) => (
        <DialogBody query={query} emptyTitle="No documents approved today" emptyIcon={<CircleCheck />} onNavigate={close} />
      )}
    </ModalDialog>
  );
}
