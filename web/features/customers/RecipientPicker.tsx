import type { CustomerDto } from "@shared/api-types";
import { capLevel } from "@shared/limits";
import { Badge, type BadgeTone } from "../../components/ui/Badge";
import { CustomerChecklist } from "./CustomerChecklist";
import type { CustomerSelection } from "./use-recipient-selection";

const CHIP_TONES: Record<ReturnType<typeof capLevel>, BadgeTone> = { ok: "neutral", warning: "amber", full: "red" };

export interface RecipientPickerProps {
  selected: CustomerSelection;
  onChange: (next: Map<string, CustomerDto>) => void;
  /** Requested documents one customer may have; null = no cap. */
  cap: number | null;
}

/** Existing customers as a checklist, each with a requested-documents counter coloured by the plan cap. */
export function RecipientPicker({ selected, onChange, cap }: RecipientPickerProps) {
  return (
    <CustomerChecklist
      selected={selected}
      onChange={onChange}
      noCustomersText="You have no customers yet. Invite one by email below."
      aside={(customer) => {
        const count = customer.documentCounts.total;
        return (
          <Badge tone={CHIP_TONES[capLevel(count, cap)]}>
            {cap === null ? count : `${count}/${cap}`}
            <span className="sr-only"> requested documents</span>
          </Badge>
        );
      }}
    />
  );
}
