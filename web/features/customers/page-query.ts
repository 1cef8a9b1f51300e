// One page of the customer list, as the server answers it. A module of its own so the dashboard's
// Customer Overview does not pull in All Customers' table (TanStack Table) with it.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { CustomerPage } from "@shared/api-types";
import { apiFetch, nullOn401 } from "../../api/client";
import { customerKeys } from "./api";
import { customerPagePath, type CustomerPageParams } from "./page-path";

/** GET /api/all-customers with paging: one page, searched, filtered and sorted by the server. */
export function useCustomerPageQuery(params: CustomerPageParams) {
  // The page on screen stays while the next one loads: no flash of a spinner between pages.
  return useQuery({ ...customerPageOptions(params), placeholderData: keepPreviousData });
}

/** The same query's options, for a one-off fetchQuery as well as for the hook above. */
export function customerPageOptions(params: CustomerPageParams) {
  return queryOptions({
    // Under the list's key, so every change that refreshes the customers refreshes this page too.
    queryKey: [
      ...customerKeys.listWithInvitations,
      params.page,
      params.pageSize,
      params.q,
      params.status,
      params.sort,
      ...(params.email ? [params.email] : []),
      // Named, so it never reads as an email; absent for everyone's (the key a solo broker has always had).
      ...(params.assignee ? ["assignee", params.assignee] : []),
    ],
    // With paging parameters the route answers a page (its other answer is the whole list).
    queryFn: ({ signal }) => nullOn401(apiFetch(customerPagePath(params), { signal }) as Promise<CustomerPage>),
    // SPEC 9: the customer list is fresh for 15 minutes and kept for 20 (changes refetch it).
    staleTime: 15 * 60_000,
    gcTime: 20 * 60_000,
  });
}
