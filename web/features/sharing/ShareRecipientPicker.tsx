import type { CustomerDto } from "@shared/api-types";
import { CustomerChecklist } from "../customers/CustomerChecklist";
import type { CustomerSelection } from "../customers/use-recipient-selection";

/**
 * The broker's customers as a searchable checklist. (The request dialog's picker counts requested
 * documents against the plan's cap; shared files never count, so sharing shows no counter.)
 */
export function ShareRecipientPicker({ selected, onChange }: { selected: CustomerSelection; onChange: (next: Map<string, CustomerDto>) => void }) {
  return <CustomerChecklist selected={selected} onChange={onChange} noCustomersText="You have no customers yet. Add one by email below." />;
}
