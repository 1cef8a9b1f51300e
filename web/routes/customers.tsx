import { useState } from "react";
import { Users } from "lucide-react";
import type { CustomerDto } from "@shared/api-types";
import { EmptyState } from "../components/ui/EmptyState";
import { Spinner } from "../components/ui/Spinner";
import { usePageTitle } from "../components/use-page-title";
import { AddCustomerButton } from "../features/customers/AddCustomerButton";
import { BulkReminderButton } from "../features/customers/BulkReminderButton";
import { CustomerTable } from "../features/customers/CustomerTable";
import { EditCustomerDialog } from "../features/customers/EditCustomerDialog";
import { RequestDocumentDialog } from "../features/customers/RequestDocumentDialog";
import { CustomerFilterBar } from "../features/customers/CustomerFilterBar";
import { useCustomerList } from "../features/customers/use-customer-list";
import { AssigneeFilter, EVERYONE } from "../features/customers/AssigneeFilter";
import { useTeam } from "../features/customers/use-team";
import { ExportCustomersButton } from "../features/export/ExportButtons";

/** SPEC 2 "All Customers". */
export function CustomersRoute() {
  usePageTitle("All Customers");
  // Paged, searched and sorted by the server; the page on screen stays while the next loads.
  const list = useCustomerList();
  const team = useTeam();
  const { isLoading, isError } = list.query;
  const [requestFor, setRequestFor] = useState<CustomerDto | null>(null);
  const [editing, setEditing] = useState<CustomerDto | null>(null);

  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-6">
      <header className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        {/* The title's text wraps beside the buttons; the buttons keep one row (they wrapped with room to spare). */}
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">All Customers</h1>
          <p className="mt-1 text-slate-600">Everyone you have invited, their invitation and their documents.</p>
        </div>
        <div className="grid grid-cols-1 gap-2 sm:flex sm:flex-wrap lg:shrink-0 lg:justify-end">
          <BulkReminderButton isDisabled={list.total === 0 && !list.isNarrowed} />
          <ExportCustomersButton isDisabled={list.total === 0 && !list.isNarrowed} />
          <AddCustomerButton />
        </div>
      </header>

      <CustomerFilterBar place="page" search={list.search} onSearchChange={list.setSearch} status={list.status} onStatusChange={list.setStatus}>
        {team.isTeam ? <AssigneeFilter value={list.assignee} onChange={list.setAssignee} members={team.members} me={team.me} className="sm:w-56" /> : null}
      </CustomerFilterBar>

      {isLoading ? (
        <Spinner label="Loading customers" className="w-full py-16" />
      ) : isError ? (
        <EmptyState title="Customers could not be loaded">Please refresh the page to try again.</EmptyState>
      ) : list.total === 0 ? (
        <EmptyState title="No invited customers found" icon={<Users />} className="rounded-xl border border-slate-200 bg-white">
          {list.isNarrowed ? (list.assignee !== EVERYONE ? "Try another search, status or assignee filter." : "Try another search or status filter.") : "Add a customer to send them an invitation."}
        </EmptyState>
      ) : (
        <CustomerTable table={list.table} onRequestDocuments={setRequestFor} onEdit={setEditing} showAssignee={team.isTeam} />
      )}

      <RequestDocumentDialog
        key={requestFor?.id}
        isOpen={requestFor !== null}
        onOpenChange={(open) => {
          if (!open) setRequestFor(null);
        }}
        initialCustomers={requestFor ? [requestFor] : []}
      />
      <EditCustomerDialog customer={editing} onClose={() => setEditing(null)} />
    </section>
  );
}

// The Team screen is served from this chunk, not one of its own: see TeamRoute in web/App.tsx.
export { TeamRoute } from "./team";
export { IntegrationsRoute } from "./integrations";
