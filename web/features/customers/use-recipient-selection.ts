import { useState } from "react";
import type { CustomerDto } from "@shared/api-types";
import { matchesSearch } from "./use-customer-list";

/** A checklist of the broker's customers: what the search shows, and ticking one in or out. */
export function useRecipientSelection(customers: readonly CustomerDto[], selectedIds: ReadonlySet<string>, onChange: (ids: Set<string>) => void) {
  const [search, setSearch] = useState("");
  const shown = customers.filter((customer) => matchesSearch(customer, search));
  const toggle = (id: string, checked: boolean) => {
    const next = new Set(selectedIds);
    if (checked) next.add(id);
    else next.delete(id);
    onChange(next);
  };
  return { search, setSearch, shown, toggle };
}
