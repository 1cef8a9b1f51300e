import { useMemo, useState } from "react";
import {
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type PaginationState,
} from "@tanstack/react-table";
import type { CustomerDto } from "@shared/api-types";

export type InvitationFilter = "all" | "pending" | "accepted";

const PAGE_SIZE = 25;

/** SPEC 2: search matches name or e-mail, case-insensitively. */
export function matchesSearch(customer: Pick<CustomerDto, "name" | "email">, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return customer.name.toLowerCase().includes(needle) || customer.email.toLowerCase().includes(needle);
}

export function filterCustomers<C extends Pick<CustomerDto, "name" | "email" | "invitationStatus">>(
  customers: readonly C[],
  search: string,
  status: InvitationFilter,
): C[] {
  return customers.filter(
    (customer) => (status === "all" || customer.invitationStatus === status) && matchesSearch(customer, search),
  );
}

const byName = new Intl.Collator(undefined, { sensitivity: "base", numeric: true });

// Only the sortable columns; the cells are laid out by CustomerTable, which turns rows into cards on phones.
const columns: ColumnDef<CustomerDto>[] = [
  {
    id: "name",
    accessorFn: (customer) => customer.name,
    // Locale-aware and case-blind ("anna" next to "Anna"); e-mail breaks ties between namesakes.
    sortingFn: (a, b) => byName.compare(a.original.name, b.original.name) || byName.compare(a.original.email, b.original.email),
  },
  {
    id: "invitedAt",
    accessorFn: (customer) => Date.parse(customer.invitedAt),
    sortingFn: "basic",
    // A broker looking at invitation dates wants the newest first.
    sortDescFirst: true,
  },
];

export type CustomerSortKey = "name" | "invitedAt";

/**
 * The All Customers list as a TanStack table, sorted and paged in memory: hundreds of customers
 * sort in well under a frame and only one page is rendered. Search and the status filter reuse
 * `filterCustomers` so this list, the dashboard overview and the recipient picker match alike.
 */
export function useCustomerList(customers: readonly CustomerDto[]) {
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<InvitationFilter>("all");
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: PAGE_SIZE });
  const data = useMemo(() => filterCustomers(customers, search, status), [customers, search, status]);
  // A shrinking result (a deletion elsewhere) must not leave the view on an empty page.
  const lastPage = Math.max(0, Math.ceil(data.length / PAGE_SIZE) - 1);

  const table = useReactTable({
    data,
    columns,
    getRowId: (customer) => customer.id,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    initialState: { sorting: [{ id: "invitedAt", desc: true }] },
    state: { pagination: { ...pagination, pageIndex: Math.min(pagination.pageIndex, lastPage) } },
    onPaginationChange: setPagination,
    // The library would jump to page 1 whenever the data changes, i.e. after every edit or
    // resent invitation refetches the list; only a new search or filter starts over (below).
    autoResetPageIndex: false,
    // Clicking a header flips between the two directions; the list is never unsorted.
    enableSortingRemoval: false,
    enableMultiSort: false,
  });

  const startOver = () => setPagination((previous) => ({ ...previous, pageIndex: 0 }));
  return {
    table,
    search,
    setSearch: (value: string) => {
      setSearch(value);
      startOver();
    },
    status,
    setStatus: (value: InvitationFilter) => {
      setStatus(value);
      startOver();
    },
  };
}
