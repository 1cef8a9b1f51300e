import type { CustomerSort } from "@shared/api-types";

export type InvitationFilter = "all" | "pending" | "accepted";

export interface CustomerPageParams {
  page: number;
  pageSize: number;
  q: string;
  status: InvitationFilter;
  sort: CustomerSort;
  /** Only the customer with exactly this address (any case). */
  email?: string;
  /** Only this member's customers: "me" or a member's id ("Mine / All" in a team); none: everyone's. */
  assignee?: string;
}

/**
 * GET /api/all-customers?page&pageSize&status&sort[&q][&email][&assignee]: one page, searched, filtered and sorted by
 * the server. One spelling, so the dashboard's page (scripts/build-web.ts) can preload exactly
 * the URL the app then asks for.
 */
export function customerPagePath(params: CustomerPageParams): `/api/all-customers?${string}` {
  const search = new URLSearchParams({ page: String(params.page), pageSize: String(params.pageSize), status: params.status, sort: params.sort });
  if (params.q) search.set("q", params.q);
  if (params.email) search.set("email", params.email);
  if (params.assignee) search.set("assignee", params.assignee);
  return `/api/all-customers?${search}`;
}

/** The dashboard's Customer Overview before any search: the 12 most urgent customers (URGENCY_TIERS). */
export const OVERVIEW_PAGE: CustomerPageParams = { page: 1, pageSize: 12, q: "", status: "all", sort: "urgency" };
