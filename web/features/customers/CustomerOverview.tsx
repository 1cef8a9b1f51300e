import { Suspense, useState } from "react";
import { Link } from "react-aria-components";
import { Bell, Users } from "lucide-react";
import type { CustomerDto } from "@shared/api-types";
import { CustomerStatusBadge } from "../../components/CustomerStatusBadge";
import { Button, LinkButton } from "../../components/ui/Button";
import { EmptyState } from "../../components/ui/EmptyState";
import { Spinner } from "../../components/ui/Spinner";
import { CustomerAvatar } from "./CustomerAvatar";
import { CustomerFilterBar } from "./CustomerFilterBar";
import { OVERVIEW_PAGE, type InvitationFilter } from "./page-path";
import { useCustomerPageQuery } from "./page-query";
import { lazyRetrying } from "../../lib/lazy-retrying";

// Fetched when first opened and mounted only while open (issue 14, the dashboard's first load).
const SendReminderDialog = lazyRetrying(async () => ({ default: (await import("./SendReminderDialog")).SendReminderDialog }));

/**
 * SPEC 2 "Customer Overview grid" on the dashboard. An overview: the 12 most urgent matching
 * customers (overdue first: URGENCY_TIERS, src/shared/documents.ts), the full list lives on All Customers. The server searches, filters and counts
 * (`/api/all-customers?page=1&pageSize=12…`), so the dashboard reads a dozen customers whether
 * the brokerage has 50 or 10,000 (issue 14); the search still matches name or email, ignoring case.
 */
export function CustomerOverview({ assignee }: { assignee?: "me" } = {}) {
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<InvitationFilter>("all");
  const [reminding, setReminding] = useState<CustomerDto | null>(null);
  const q = search.trim();
  // The dashboard's "Mine" narrows both to the broker's own customers.
  const overview = assignee ? { ...OVERVIEW_PAGE, assignee } : OVERVIEW_PAGE;
  // Whether the broker has any customer at all ("No customers yet" rather than "no match").
  const everyone = useCustomerPageQuery(overview);
  const narrowed = useCustomerPageQuery({ ...overview, q, status });
  const isNarrowed = q !== "" || status !== "all";
  const { data, isLoading, isError } = isNarrowed ? narrowed : everyone;
  const shown = data?.customers ?? [];
  const matching = data?.total ?? 0;

  return (
    <section aria-labelledby="customer-overview" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
        <h2 id="customer-overview" className="text-lg font-semibold text-slate-900">
          Customer Overview
        </h2>
        <CustomerFilterBar place="overview" search={search} onSearchChange={setSearch} status={status} onStatusChange={setStatus} />
      </div>

      <div className="mt-4">
        {isLoading || everyone.isLoading ? (
          <Spinner label="Loading customers" className="w-full py-10" />
        ) : isError || everyone.isError ? (
          <EmptyState title="Customers could not be loaded">Please refresh the page to try again.</EmptyState>
        ) : everyone.data?.total === 0 ? (
          assignee ? (
            <EmptyState title="No customers assigned to you" icon={<Users />}>
              Switch to Team to see every customer of your workspace.
            </EmptyState>
          ) : (
            <EmptyState title="No customers yet" icon={<Users />}>
              Add your first customer to start collecting documents.
            </EmptyState>
          )
        ) : matching === 0 ? (
          <EmptyState title="No customers match your search" icon={<Users />}>
            Try another name or email, or change the status filter.
          </EmptyState>
        ) : (
          <>
            <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
              {shown.map((customer) => (
                <CustomerCard key={customer.id} customer={customer} onRemind={() => setReminding(customer)} />
              ))}
            </ul>
            {matching > shown.length ? (
              <div className="mt-4 flex flex-col items-center gap-2 text-sm text-slate-600 sm:flex-row sm:justify-between">
                <span>
                  Showing {shown.length} of {matching} customers
                </span>
                <LinkButton href={assignee ? "/customers?assignee=me" : "/customers"} variant="link" size="sm">
                  View all customers
                </LinkButton>
              </div>
            ) : null}
          </>
        )}
      </div>
      <Suspense fallback={null}>{reminding ? <SendReminderDialog customer={reminding} onClose={() => setReminding(null)} /> : null}</Suspense>
    </section>
  );
}

function CustomerCard({ customer, onRemind }: { customer: CustomerDto; onRemind: () => void }) {
  return (
    <li className="flex min-w-0 flex-col rounded-lg border border-slate-200 transition-colors hover:border-brand-300">
      <Link
        href={`/customer/${customer.id}`}
        className="flex items-start gap-3 rounded-t-lg p-4 pb-3 outline-none data-focus-visible:ring-2 data-focus-visible:ring-brand-500"
      >
        <CustomerAvatar name={customer.name} email={customer.email} />
        <span className="flex min-w-0 flex-1 flex-col">
          {/* elementtiming: scripts/bench/lcp.ts times when the dashboard's data is on screen by this paint. */}
          <span className="truncate font-medium text-slate-900" {...{ elementtiming: "customer-card" }}>
            {customer.name}
          </span>
          {/* The whole address, broken where it must: two customers often differ only at its end. */}
          <span className="text-sm wrap-anywhere text-slate-500">{customer.email}</span>
        </span>
      </Link>
      <div className="mt-auto flex items-center justify-between gap-2 px-4 pb-2">
        <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
          <CustomerStatusBadge status={customer.status} />
          <span>
            {customer.documentCounts.approved}/{customer.documentCounts.total} approved
          </span>
        </span>
        {/* Offered only while something waits for the customer: otherwise it would remind of nothing. */}
        {customer.documentCounts.awaitingUpload > 0 ? (
          <Button variant="ghost" size="sm" onPress={onRemind} aria-label={`Send Reminder to ${customer.name}`} className="-mr-2 shrink-0">
            <Bell aria-hidden="true" className="size-4" />
            Send Reminder
          </Button>
        ) : null}
      </div>
    </li>
  );
}
