// A customer's audit trail, newest first: ["customers", id, "audit", count]. Under the customer's
// key, so every broker write and every live update about the customer refreshes it. "Show more"
// asks for more entries (count grows by a page); the query reads them through the API's pages
// (?before=), and keeps showing the shorter list while the longer one loads. (A plain query, not
// useInfiniteQuery: that observer would move into a chunk of its own that the portal and the
// dashboard also load, past their size budgets.)
import { useQuery } from "@tanstack/react-query";
import type { AuditEntryDto, AuditPage } from "@shared/api-types";
import { AUDIT_PAGE_SIZE, MAX_AUDIT_PAGE_SIZE } from "@shared/audit";
import { apiFetch } from "../../api/client";
import type { ResourceKey } from "../../api/query-keys";

export const auditKeys = {
  customer: (customerId: string) => ["customers", customerId, "audit"] as const satisfies ResourceKey,
  entries: (customerId: string, count: number) => ["customers", customerId, "audit", count] as const satisfies ResourceKey,
};

const base = (customerId: string) => `/api/customer/${encodeURIComponent(customerId)}/audit` as const;
export const auditCsvUrl = (customerId: string) => `${base(customerId)}.csv`;
export const auditPdfUrl = (customerId: string) => `${base(customerId)}.pdf`;

export interface AuditEntries {
  entries: AuditEntryDto[];
  /** More, older entries exist. */
  hasMore: boolean;
}

async function newestEntries(customerId: string, count: number, signal: AbortSignal): Promise<AuditEntries> {
  const entries: AuditEntryDto[] = [];
  let before: number | null = null;
  for (;;) {
    const query = new URLSearchParams({ limit: String(Math.min(MAX_AUDIT_PAGE_SIZE, count - entries.length)) });
    if (before !== null) query.set("before", String(before));
    const page: AuditPage = await apiFetch(`${base(customerId)}?${query}`, { signal });
    entries.push(...page.entries);
    before = page.nextBefore;
    if (before === null || entries.length >= count) return { entries, hasMore: before !== null };
  }
}

/** The newest `count` entries (a multiple of AUDIT_PAGE_SIZE). */
export function useCustomerAuditQuery(customerId: string, count = AUDIT_PAGE_SIZE) {
  return useQuery({
    queryKey: auditKeys.entries(customerId, count),
    queryFn: ({ signal }) => newestEntries(customerId, count, signal),
    placeholderData: (previous) => previous,
  });
}
