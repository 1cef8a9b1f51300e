// The customer pickers of the dialogs (request documents, send documents, export) ask the server
// for one page of matches, never the whole list: at 10,000 customers /api/customers is 4.3 MB,
// and what a dialog fetches must stay the size of a page however large the brokerage grows.
import { useQuery, type QueryClient } from "@tanstack/react-query";
import type { CustomerDto } from "@shared/api-types";
import { isValidEmail, normalizeEmail } from "@shared/validation";
import { useDebouncedValue } from "../../lib/use-debounced-value";
import type { CustomerPageParams } from "./page-path";
import { customerPageOptions, useCustomerPageQuery } from "./page-query";

/** Matches a picker lists at once; beyond it the broker is asked to refine the search. */
export const PICKER_PAGE_SIZE = 25;
// Long enough that typing a name asks once, short enough that the list follows the typing.
const TYPING_PAUSE_MS = 250;

const matchesPage = (q: string): CustomerPageParams => ({ page: 1, pageSize: PICKER_PAGE_SIZE, q, status: "all", sort: "name" });
const addressPage = (email: string): CustomerPageParams => ({ page: 1, pageSize: 1, q: "", status: "all", sort: "name", email });

/** The first page of customers whose name or email contains `search` (A–Z), asked once typing pauses. */
export function useCustomerSearch(search: string) {
  const q = useDebouncedValue(search.trim(), TYPING_PAUSE_MS);
  const query = useCustomerPageQuery(matchesPage(q));
  const customers = query.data?.customers ?? [];
  const total = query.data?.total ?? 0;
  return { query, q, customers, total, more: Math.max(0, total - customers.length) };
}

/** The customer whose address is `typed` (any case, spaces around ignored), shown once typing pauses. */
export function useCustomerWithEmail(typed: string): CustomerDto | undefined {
  const email = useDebouncedValue(normalizeEmail(typed), TYPING_PAUSE_MS);
  // Only a whole address can be a customer's: half-typed ones are not asked about.
  const query = useQuery({ ...customerPageOptions(addressPage(email)), enabled: isValidEmail(email) });
  return isValidEmail(email) && email === normalizeEmail(typed) ? query.data?.customers[0] : undefined;
}

/**
 * The same answer at the moment of sending, from the cache when it is there: a broker who presses
 * Send straight after typing must not get a duplicate created because the lookup was still pausing.
 */
export async function findCustomerWithEmail(queryClient: QueryClient, typed: string): Promise<CustomerDto | undefined> {
  const email = normalizeEmail(typed);
  if (!isValidEmail(email)) return undefined;
  const page = await queryClient.fetchQuery(customerPageOptions(addressPage(email)));
  return page?.customers[0];
}
