import { useRef } from "react";
import { Link } from "react-aria-components";
import type { Column, Table } from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight, FilePlus, Mail, Pencil } from "lucide-react";
import type { CustomerDto } from "@shared/api-types";
import { daysWeeksMonthsAgo } from "@shared/relative-time";
import { displayName } from "@shared/user-display";
import { Badge } from "../../components/ui/Badge";
import { Button } from "../../components/ui/Button";
import { cx } from "../../components/ui/cx";
import { Select } from "../../components/ui/Select";
import { toast } from "../../components/ui/Toast";
import { useResendInvitationMutation } from "./api";
import { CustomerAvatar } from "./CustomerAvatar";
import { errorText } from "../../api/client";
import type { CustomerSortKey } from "./use-customer-list";

export interface CustomerTableProps {
  /** From `useCustomerList`: one page, searched, filtered and sorted by the server. */
  table: Table<CustomerDto>;
  onRequestDocuments: (customer: CustomerDto) => void;
  onEdit: (customer: CustomerDto) => void;
  /** A team's list names each customer's assignee (a solo broker's has no such column). */
  showAssignee?: boolean;
}

type SortOption = `${CustomerSortKey}:${"asc" | "desc"}`;

const SORT_OPTIONS: { id: SortOption; label: string }[] = [
  { id: "invitedAt:desc", label: "Newest invited first" },
  { id: "invitedAt:asc", label: "Oldest invited first" },
  { id: "name:asc", label: "Name A–Z" },
  { id: "name:desc", label: "Name Z–A" },
];

/**
 * The customer list: a sortable table on wide screens; on phones each row becomes a card
 * (same markup, so there is one list for screen readers and tests).
 */
export function CustomerTable({ table, onRequestDocuments, onEdit, showAssignee = false }: CustomerTableProps) {
  const resend = useResendInvitationMutation();
  const now = new Date();
  const resendInvitation = (customer: CustomerDto) =>
    resend.mutate(customer.id, {
      onSuccess: () => toast({ title: "Invitation resent successfully", variant: "success" }),
      onError: (error) => toast({ title: "Failed to resend invitation", description: errorText(error) || undefined, variant: "error" }),
    });

  const [sorted] = table.getState().sorting;

  return (
    <div className="flex flex-col gap-3">
      {/* Phones have no column headers to click, so they sort here, through the same table state. */}
      <Select
        label="Sort customers"
        selectedKey={sorted ? `${sorted.id as CustomerSortKey}:${sorted.desc ? "desc" : "asc"}` : null}
        onSelectionChange={(option) => {
          const [id, direction] = option.split(":") as [CustomerSortKey, "asc" | "desc"];
          table.setSorting([{ id, desc: direction === "desc" }]);
        }}
        options={SORT_OPTIONS}
        className="sm:w-64 xl:hidden"
      />
      <table className="block w-full xl:table xl:rounded-xl xl:border xl:border-slate-200 xl:bg-white xl:shadow-sm">
        <caption className="sr-only">Invited customers</caption>
        <thead className="hidden xl:table-header-group">
          <tr className="border-b border-slate-200 text-left text-sm text-slate-600">
            <SortableHeader label="Customer" column={table.getColumn("name")!} />
            <SortableHeader label="Activity" column={table.getColumn("invitedAt")!} />
            {showAssignee ? (
              <th scope="col" className="px-3 py-2 font-medium">
                Assignee
              </th>
            ) : null}
            <th scope="col" className="px-4 py-2 text-right font-medium">
              Actions
            </th>
          </tr>
        </thead>
        {/* grid-cols-1 (minmax(0, 1fr)): a long name truncates (an e-mail wraps) instead of widening every card. */}
        <tbody className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:table-row-group">
          {table.getRowModel().rows.map(({ original: customer }) => (
            <tr
              key={customer.id}
              className="flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm xl:table-row xl:rounded-none xl:border-0 xl:border-b xl:p-0 xl:shadow-none xl:last:border-b-0"
            >
              {/* w-full + max-w-0: the column takes the spare width; long names truncate and e-mails wrap instead of widening the table. */}
              <td className="block xl:table-cell xl:w-full xl:max-w-0 xl:px-3 xl:py-3 xl:align-middle">
                <div className="flex items-center gap-3">
                  <CustomerAvatar name={customer.name} email={customer.email} />
                  <div className="min-w-0 flex-1">
                    <Link
                      href={`/customer/${customer.id}`}
                      className="block truncate rounded font-medium text-slate-900 outline-none data-hovered:text-brand-700 data-hovered:underline data-focus-visible:ring-2 data-focus-visible:ring-brand-500"
                    >
                      {customer.name}
                    </Link>
                    <p className="text-sm wrap-anywhere text-slate-500">{customer.email}</p>
                  </div>
                  <InvitationBadge status={customer.invitationStatus} />
                </div>
              </td>
              <td className="block text-sm text-slate-600 xl:table-cell xl:px-3 xl:py-3 xl:align-middle xl:whitespace-nowrap">
                <ul className="flex flex-wrap gap-x-3 xl:flex-col">
                  <li>Invited {daysWeeksMonthsAgo(customer.invitedAt, now)}</li>
                  {customer.acceptedAt ? <li>Accepted {daysWeeksMonthsAgo(customer.acceptedAt, now)}</li> : null}
                  {customer.lastReminderAt ? <li>Last reminder {daysWeeksMonthsAgo(customer.lastReminderAt, now)}</li> : null}
                </ul>
              </td>
              {showAssignee ? (
                <td className="block text-sm text-slate-600 xl:table-cell xl:px-3 xl:py-3 xl:align-middle xl:whitespace-nowrap">
                  {/* Phones have no column header: the card says what the name is. */}
                  <span className="xl:hidden">Assigned to </span>
                  <span className="font-medium text-slate-800">{displayName(customer.assignee)}</span>
                </td>
              ) : null}
              {/* With the Assignee column there is no room for the three buttons in a row at 1280 px:
                  they take two rows of a fixed width, and the customer's name keeps its room. */}
              <td className={cx("block xl:table-cell xl:px-3 xl:py-3 xl:align-middle", showAssignee ? "xl:w-px xl:min-w-84" : "xl:w-px")}>
                <div className={cx("flex flex-wrap gap-2 xl:justify-end [&>*]:flex-1 xl:[&>*]:flex-none", showAssignee ? "" : "xl:flex-nowrap")}>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Request New Document for ${customer.name}`}
                    onPress={() => onRequestDocuments(customer)}
                  >
                    <FilePlus aria-hidden="true" className="size-4" />
                    Request New Document
                  </Button>
                  <Button variant="secondary" size="sm" aria-label={`Edit Customer ${customer.name}`} onPress={() => onEdit(customer)}>
                    <Pencil aria-hidden="true" className="size-4" />
                    Edit Customer
                  </Button>
                  {customer.invitationStatus === "pending" ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Resend Invitation to ${customer.name}`}
                      isPending={resend.isPending && resend.variables === customer.id}
                      onPress={() => resendInvitation(customer)}
                    >
                      <Mail aria-hidden="true" className="size-4" />
                      Resend Invitation
                    </Button>
                  ) : null}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pagination table={table} />
    </div>
  );
}

function InvitationBadge({ status }: { status: CustomerDto["invitationStatus"] }) {
  // "Invitation …": a bare "Pending" also means documents not yet approved (CustomerStatusBadge).
  return status === "accepted" ? <Badge tone="green">Invitation accepted</Badge> : <Badge tone="neutral">Invitation pending</Badge>;
}

function SortableHeader({ label, column }: { label: string; column: Column<CustomerDto> }) {
  const direction = column.getIsSorted();
  const Icon = !direction ? ArrowUpDown : direction === "asc" ? ArrowUp : ArrowDown;
  return (
    <th scope="col" aria-sort={!direction ? "none" : direction === "asc" ? "ascending" : "descending"} className="px-2 py-1 font-medium">
      <Button variant="ghost" size="sm" onPress={() => column.toggleSorting()} className="text-slate-600">
        {label}
        <Icon aria-hidden="true" className="size-4" />
      </Button>
    </th>
  );
}

function Pagination({ table }: { table: Table<CustomerDto> }) {
  const nav = useRef<HTMLElement>(null);
  const pageCount = table.getPageCount();
  if (pageCount <= 1) return null;
  // Reaching the last (or first) page disables the button just pressed, and a disabled button
  // drops the focus to <body>: the other one takes it once the page is drawn.
  const focusAfterTurn = (label: string) =>
    requestAnimationFrame(() => nav.current?.querySelector<HTMLButtonElement>(`[aria-label="${label}"]:not([disabled])`)?.focus());
  const { pageIndex, pageSize } = table.getState().pagination;
  const total = table.getRowCount();
  const first = pageIndex * pageSize + 1;
  const last = Math.min(total, first + pageSize - 1);
  return (
    <nav ref={nav} aria-label="Customer pages" className="flex items-center justify-between gap-2 text-sm text-slate-600">
      <span aria-live="polite">
        {first}–{last} of {total}
      </span>
      <div className="flex items-center gap-1">
        <Button
          variant="secondary"
          size="icon"
          aria-label="Previous page"
          isDisabled={!table.getCanPreviousPage()}
          onPress={() => {
            table.previousPage();
            if (pageIndex === 1) focusAfterTurn("Next page");
          }}
        >
          <ChevronLeft aria-hidden="true" className="size-5" />
        </Button>
        <span className="px-2">
          Page {pageIndex + 1} of {pageCount}
        </span>
        <Button
          variant="secondary"
          size="icon"
          aria-label="Next page"
          isDisabled={!table.getCanNextPage()}
          onPress={() => {
            table.nextPage();
            if (pageIndex + 2 === pageCount) focusAfterTurn("Previous page");
          }}
        >
          <ChevronRight aria-hidden="true" className="size-5" />
        </Button>
      </div>
    </nav>
  );
}
