import { useState } from "react";
import {
  DEFAULT_REMINDER,
  defaultReminderLead,
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
 * An optional reminder before a due time (SPEC 5): off until ticked. Its lead starts at the
 * spec's 30 days where that leaves it after the request, else the longest of a day, an hour or
 * 15 minutes that does (defaultReminderLead), following the due time until the broker types a
 * lead of their own. `error` is the range message while it is on; `at(dueDate)` is when it goes
 * out, or null when it is off or not valid.
 */
export function useReminder(dueDate: Date | null) {
  const [isOn, setOn] = useState(false);
  const [typed, setTyped] = useState<{ value: string; unit: DueUnit } | null>(null);
  const suggested = (dueDate && defaultReminderLead(dueDate, new Date())) ?? DEFAULT_REMINDER;
  const value = typed?.value ?? String(suggested.value);
  const unit = typed?.unit ?? suggested.unit;
  const amount = parseDueValue(value);
  const error = isOn && dueValueError(amount) ? dueMessages.reminderRange : undefined;
  return {
    isOn,
    setOn,
    fields: {
      value,
      unit,
      onValueChange: (next: string) => setTyped({ value: next, unit }),
      onUnitChange: (next: DueUnit) => setTyped({ value, unit: next }),
    },
    error,
    at: (due: Date | null) => (due && isOn && !error ? reminderTime(due, amount, unit) : null),
  };
}

/** The reminder's checkbox and, while it is ticked, its lead time with a note saying when it goes out. */
export function ReminderFields({
  reminder,
  dueDate,
  description,
  unitLabel,
  errorMessage = reminder.error,
  on = "request",
}: {
  reminder: ReturnType<typeof useReminder>;
  dueDate: Date | null;
  /** Under the checkbox: who gets what. */
  description: string;
  unitLabel?: string;
  /** Defaults to showing the range message at once. */
  errorMessage?: string;
  /** What the reminder comes with: a new request (the default) or a changed due date (see reminderNote). */
  on?: "request" | "due-date-change";
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
          description={remindAt ? reminderNote(remindAt, new Date(), on) : undefined}
        />
      ) : null}
    </>
  );
}
