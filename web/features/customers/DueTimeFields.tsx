import { useState } from "react";
import {
  DEFAULT_REMINDER,
  DUE_UNITS,
  dueMessages,
  dueValueError,
  parseDueValue,
  reminderNote,
  reminderTime,
  type DueUnit,
} from "@shared/due-date";
import { Checkbox } from "../../components/ui/Checkbox";
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

/**
 * An optional reminder before a due time (SPEC 5): off until ticked, then 30 days before by
 * default. `error` is the range message while it is on; `at(dueDate)` is when it goes out,
 * or null when it is off or not valid.
 */
export function useReminder() {
  const [isOn, setOn] = useState(false);
  const lead = useDueTime(DEFAULT_REMINDER);
  const error = isOn && dueValueError(lead.amount) ? dueMessages.reminderRange : undefined;
  return {
    isOn,
    setOn,
    fields: lead.fields,
    error,
    at: (dueDate: Date | null) => (dueDate && isOn && !error ? reminderTime(dueDate, lead.amount, lead.unit) : null),
  };
}

/** The reminder's checkbox and, while it is ticked, its lead time with a note saying when it goes out. */
export function ReminderFields({
  reminder,
  dueDate,
  description,
  unitLabel,
  errorMessage = reminder.error,
}: {
  reminder: ReturnType<typeof useReminder>;
  dueDate: Date | null;
  /** Under the checkbox: who gets what. */
  description: string;
  unitLabel?: string;
  /** Defaults to showing the range message at once. */
  errorMessage?: string;
}) {
  const remindAt = reminder.at(dueDate);
  return (
    <>
      <Checkbox isSelected={reminder.isOn} onChange={reminder.setOn} description={description}>
        Send a reminder
      </Checkbox>
      {reminder.isOn ? (
        <DueTimeFields
          label="Remind before"
          unitLabel={unitLabel}
          {...reminder.fields}
          errorMessage={errorMessage}
          description={remindAt ? reminderNote(remindAt, new Date()) : undefined}
        />
      ) : null}
    </>
  );
}
