import { useId } from "react";
import type { CustomerDto } from "@shared/api-types";
import { capLevel } from "@shared/limits";
import { Badge, type BadgeTone } from "../../components/ui/Badge";
import { Checkbox } from "../../components/ui/Checkbox";
import { SearchField } from "../../components/ui/SearchField";
import { useRecipientSelection } from "./use-recipient-selection";

const CHIP_TONES: Record<ReturnType<typeof capLevel>, BadgeTone> = { ok: "neutral", warning: "amber", full: "red" };

// Long customer lists get a filter box; short ones are easier to scan without it.
const SEARCH_FROM = 8;

export interface RecipientPickerProps {
  customers: readonly CustomerDto[];
  selectedIds: ReadonlySet<string>;
  onChange: (ids: Set<string>) => void;
  /** Requested documents one customer may have; null = no cap. */
  cap: number | null;
}

/** Existing customers as a checklist, each with a requested-documents counter coloured by the plan cap. */
export function RecipientPicker({ customers, selectedIds, onChange, cap }: RecipientPickerProps) {
  const headingId = useId();
  const { search, setSearch, shown, toggle } = useRecipientSelection(customers, selectedIds, onChange);

  return (
    <div className="flex flex-col gap-2">
      <h4 id={headingId} className="text-sm font-semibold text-slate-800">
        Existing customers ({selectedIds.size} selected)
      </h4>
      {customers.length >= SEARCH_FROM ? (
        <SearchField label="Filter customers" placeholder="Filter customers by name or email" value={search} onChange={setSearch} />
      ) : null}
      {customers.length === 0 ? (
        <p className="text-sm text-slate-600">You have no customers yet. Invite one by email below.</p>
      ) : (
        <ul aria-labelledby={headingId} className="max-h-64 overflow-y-auto rounded-lg border border-slate-200 p-1">
          {shown.map((customer) => {
            const count = customer.documentCounts.total;
            return (
              <li key={customer.id} className="flex items-center gap-2 pr-2">
                <Checkbox
                  isSelected={selectedIds.has(customer.id)}
                  onChange={(checked) => toggle(customer.id, checked)}
                  description={customer.email}
                  className="min-w-0 flex-1"
                >
                  {customer.name}
                </Checkbox>
                <Badge tone={CHIP_TONES[capLevel(count, cap)]}>
                  {cap === null ? count : `${count}/${cap}`}
                  <span className="sr-only"> requested documents</span>
                </Badge>
              </li>
            );
          })}
          {shown.length === 0 ? <li className="p-2 text-sm text-slate-600">No customers match your filter.</li> : null}
        </ul>
      )}
    </div>
  );
}
