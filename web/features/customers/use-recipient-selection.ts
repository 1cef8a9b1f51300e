import { useState } from "react";
import type { CustomerDto } from "@shared/api-types";
import { useCustomerSearch } from "./customer-search";

/**
 * Ticked customers by id, kept whole: a dialog sends to them, and checks their counts, while the
 * search on screen may long since list other customers.
 */
export type CustomerSelection = ReadonlyMap<string, CustomerDto>;

export const selectionOf = (customers: readonly CustomerDto[]): Map<string, CustomerDto> => new Map(customers.map((customer) => [customer.id, customer]));

/** A checklist of the broker's customers: a page of the search's matches, and ticking one in or out. */
export function useRecipientSelection(selected: CustomerSelection, onChange: (next: Map<string, CustomerDto>) => void) {
  const [search, setSearch] = useState("");
  const found = useCustomerSearch(search);
  const listed = new Set(found.customers.map((customer) => customer.id));
  // Ticked customers this search does not list stay on top, still ticked: a new search never hides
  // a choice or drops it.
  const kept = [...selected.values()].filter((customer) => !listed.has(customer.id));
  const toggle = (customer: CustomerDto, checked: boolean) => {
    const next = new Map(selected);
    if (checked) next.set(customer.id, customer);
    else next.delete(customer.id);
    onChange(next);
  };
  return { search, setSearch, found, kept, toggle };
}
