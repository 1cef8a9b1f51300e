import { useState } from "react";
import { DUE_UNITS, parseDueValue, type DueUnit } from "@shared/due-date";
import { Select } from "../../components/ui/Select";
import { TextField } from "../../components/ui/TextField";

const UNIT_OPTIONS = DUE_UNITS.map((unit) => ({ id: unit, label: unit.charAt(0).toUpperCase() + unit.slice(1) }));

export interface DueTimeFieldsProps {
  label: string;
  /** The unit's label; "(label) unit" unless given. */
  unitLabel?: string;
  /** Kept as typed; the caller parses it with parseDueValue. */
  value: string;
  onValueChange: (value: string) => void;
  unit: DueUnit;
  onUnitChange: (unit: DueUnit) => void;
  errorMessage?: string;
  description?: string;
}

/** An amount (1–365) and its unit (minutes, hours, days) side by side. */
export function DueTimeFields({
  label,
  unitLabel = `${label} unit`,
  value,
  onValueChange,
  unit,
  onUnitChange,
  errorMessage,
  description,
}: DueTimeFieldsProps) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] items-start gap-2">
      <TextField
        label={label}
        inputMode="numeric"
        value={value}
        onChange={onValueChange}
        errorMessage={errorMessage}
        description={description}
      />
      <Select label={unitLabel} selectedKey={unit} onSelectionChange={onUnitChange} options={UNIT_OPTIONS} />
    </div>
  );
}

/**
 * The state behind one DueTimeFields pair, starting from a default such as DEFAULT_DUE.
 * `amount` is the typed value parsed; spread `fields` onto DueTimeFields.
 */
export function useDueTime(initial: { value: number; unit: DueUnit }) {
  const [value, setValue] = useState(String(initial.value));
  const [unit, setUnit] = useState<DueUnit>(initial.unit);
  return {
    amount: parseDueValue(value),
    unit,
    fields: { value, onValueChange: setValue, unit, onUnitChange: setUnit },
  };
}
