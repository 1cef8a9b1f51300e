import { useId } from "react";
import type { CustomerDto } from "@shared/api-types";
import { Checkbox } from "../../components/ui/Checkbox";
import { SearchField } from "../../components/ui/SearchField";
import { useRecipientSelection } from "../customers/use-recipient-selection";

/**
 * The broker's customers as a searchable checklist. (The request dialog's picker counts requested
 * documents against the plan's cap; shared files never count, so sharing has its own.)
 */
export function ShareRecipientPicker({
  customers,
  selectedIds,
  onChange,
}: {
  customers: readonly CustomerDto[];
  selectedIds: ReadonlySet<string>;
  onChange: (ids: Set<string>) => void;
}) {
  const headingId = useId();
  const { search, setSearch, shown, toggle } = useRecipientSelection(customers, selectedIds, onChange);

  return (
    <div className="flex flex-col gap-2">
      <h4 id={headingId} className="text-sm font-semibold text-slate-800">
        Existing customers ({selectedIds.size} selected)
      </h4>
      {customers.length === 0 ? (
        <p className="text-sm text-slate-600">You have no customers yet. Add one by email below.</p>
      ) : (
        <>
          <SearchField label="Search customers" placeholder="Search customers by name or email" value={search} onChange={setSearch} />
          <ul aria-labelledby={headingId} className="max-h-56 overflow-y-auto rounded-lg border border-slate-200 p-1">
            {shown.map((customer) => (
              <li key={customer.id}>
                <Checkbox
                  isSelected={selectedIds.has(customer.id)}
                  onChange={(checked) => toggle(customer.id, checked)}
                  description={<span className="break-all">{customer.email}</span>}
                >
                  {customer.name}
                </Checkbox>
              </li>
            ))}
            {shown.length === 0 ? <li className="p-2 text-sm text-slate-600">No customers match your search.</li> : null}
          </ul>
        </>
      )}
    </div>
  );
}
