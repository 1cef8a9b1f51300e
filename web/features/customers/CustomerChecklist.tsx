import { useId, type ReactNode } from "react";
import type { CustomerDto } from "@shared/api-types";
import { Button } from "../../components/ui/Button";
import { Checkbox } from "../../components/ui/Checkbox";
import { SearchField } from "../../components/ui/SearchField";
import { Spinner } from "../../components/ui/Spinner";
import { useRecipientSelection, type CustomerSelection } from "./use-recipient-selection";

export interface CustomerChecklistProps {
  selected: CustomerSelection;
  onChange: (next: Map<string, CustomerDto>) => void;
  /** Said when the broker has no customers at all. */
  noCustomersText: string;
  /** Shown after a customer's name, e.g. the request dialog's counter chip. */
  aside?: (customer: CustomerDto) => ReactNode;
}

/**
 * The broker's customers as a searchable checklist, searched on the server a page at a time (see
 * customer-search.ts). Shared by the request, send and export dialogs, which differ only in what
 * they show beside a name.
 */
export function CustomerChecklist({ selected, onChange, noCustomersText, aside }: CustomerChecklistProps) {
  const headingId = useId();
  const { search, setSearch, found, kept, toggle } = useRecipientSelection(selected, onChange);
  const { query, q, customers, total, more } = found;
  const noCustomers = !query.isPlaceholderData && q === "" && total === 0 && kept.length === 0;

  const row = (customer: CustomerDto) => (
    <li key={customer.id} className="flex items-center gap-2 pr-2">
      <Checkbox
        isSelected={selected.has(customer.id)}
        onChange={(checked) => toggle(customer, checked)}
        description={<span className="break-all">{customer.email}</span>}
        className="min-w-0 flex-1"
      >
        {customer.name}
      </Checkbox>
      {aside?.(customer)}
    </li>
  );

  return (
    <div className="flex flex-col gap-2">
      <h4 id={headingId} className="text-sm font-semibold text-slate-800">
        Existing customers ({selected.size} selected)
      </h4>
      {query.isPending ? (
        <Spinner label="Loading customers" className="py-4" />
      ) : query.isError && !query.data ? (
        <div role="alert" className="flex items-center gap-3 text-sm text-red-700">
          The customers could not be loaded.
          <Button variant="secondary" size="sm" onPress={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : noCustomers ? (
        <p className="text-sm text-slate-600">{noCustomersText}</p>
      ) : (
        <>
          <SearchField label="Search customers" placeholder="Name or email" value={search} onChange={setSearch} />
          <ul
            aria-labelledby={headingId}
            aria-busy={query.isPlaceholderData}
            className="max-h-64 overflow-y-auto rounded-lg border border-slate-200 p-1 aria-busy:opacity-70"
          >
            {kept.map(row)}
            {customers.map(row)}
            {total === 0 ? <li className="p-2 text-sm text-slate-600">No customers match your search.</li> : null}
          </ul>
          {/* Always there, so screen readers hear it change as the search narrows. */}
          <p aria-live="polite" className="text-sm text-slate-600 empty:hidden">
            {more > 0 ? `${more} more — refine the search to find them.` : null}
          </p>
        </>
      )}
    </div>
  );
}
