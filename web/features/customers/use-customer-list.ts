import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { getCoreRowModel, useReactTable, type ColumnDef, type PaginationState, type SortingState } from "@tanstack/react-table";
import type { CustomerDto, CustomerSort } from "@shared/api-types";
import type { CustomerPageParams, InvitationFilter } from "./page-path";
import { useCustomerPageQuery } from "./page-query";
import { EVERYONE, type AssigneeChoice } from "./AssigneeFilter";

export type { InvitationFilter };

const PAGE_SIZE = 25;

// The sortable columns; the server sorts, the table only keeps which column and direction.
const columns: ColumnDef<CustomerDto>[] = [
  { id: "name", accessorFn: (customer) => customer.name },
  // A broker looking at invitation dates wants the newest first.
  { id: "invitedAt", accessorFn: (customer) => customer.invitedAt, sortDescFirst: true },
];

export type CustomerSortKey = "name" | "invitedAt";

/**
 * The All Customers list: search, status filter, sort and page are sent to the server
 * (`/api/all-customers?page&pageSize&q&status&sort[&assignee]`), which answers one page and the total, so the
 * screen costs the same for 50 customers or 10,000. The TanStack table only holds the state.
 */
export function useCustomerList() {
  const [search, setSearch] = useState("");
  // Whose customers ("Mine", a member's, all): in the address, so a reload or Back keeps it.
  const [params, setParams] = useSearchParams();
  const assignee: AssigneeChoice = params.get("assignee") || EVERYONE;
  const setAssignee = (choice: AssigneeChoice) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (choice === EVERYONE) next.delete("assignee");
      else next.set("assignee", choice);
      return next;
    });
  const [status, setStatus] = useState<InvitationFilter>("all");
  const [sorting, setSorting] = useState<SortingState>([{ id: "invitedAt", desc: true }]);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: PAGE_SIZE });
  // Each keystroke asks the server (a page of at most 25 rows); the previous page stays on screen
  // until the answer arrives, and answers for older keystrokes land in their own cache entries.
  const q = search.trim();
  const [sorted] = sorting;
  const sort = `${sorted?.desc ? "-" : ""}${sorted?.id ?? "invitedAt"}` as CustomerSort;
  const query = useCustomerPageQuery({ page: pagination.pageIndex + 1, pageSize: pagination.pageSize, q, status, sort, ...(assignee === EVERYONE ? {} : { assignee }) });
  const total = query.data?.total ?? 0;
  const lastPage = Math.max(0, Math.ceil(total / pagination.pageSize) - 1);

  // A shrinking result (a deletion elsewhere) must not leave the view on an empty page.
  useEffect(() => {
    if (query.data && pagination.pageIndex > lastPage) setPagination((previous) => ({ ...previous, pageIndex: lastPage }));
  }, [query.data, pagination.pageIndex, lastPage]);

  const startOver = () => setPagination((previous) => ({ ...previous, pageIndex: 0 }));
  // A new search or filter starts over at page 1 once it reaches the server.
  useEffect(startOver, [q, status, assignee]);

  const table = useReactTable({
    data: query.data?.customers ?? [],
    columns,
    getRowId: (customer) => customer.id,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    rowCount: total,
    state: { sorting, pagination },
    onSortingChange: (updater) => {
      setSorting(updater);
      startOver();
    },
    onPaginationChange: setPagination,
    autoResetPageIndex: false,
    // Clicking a header flips between the two directions; the list is never unsorted.
    enableSortingRemoval: false,
    enableMultiSort: false,
  });

  return {
    table,
    query,
    /** Customers matching the search and filter, over all pages. */
    total,
    /** Whether a search or filter narrows the list (an empty result then means "no match"). */
    isNarrowed: q !== "" || status !== "all" || assignee !== EVERYONE,
    search,
    setSearch,
    status,
    setStatus,
    assignee,
    setAssignee,
  };
}
