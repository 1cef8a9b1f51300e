import { TextField } from "../../components/ui/TextField";

export interface DueDateValue {
  /** "yyyy-MM-dd" from the native date input. */
  day: string;
  /** "HH:mm" from the native time input. */
  time: string;
}

/**
 * A due date as two native inputs: phones show their own date and time pickers,
 * and each input keeps a visible label.
 */
export function DueDateFields({
  value,
  onChange,
  isRequired,
  errorMessage,
  dayLabel = "Due date",
  timeLabel = "Due time",
}: {
  value: DueDateValue;
  onChange: (value: DueDateValue) => void;
  isRequired?: boolean;
  errorMessage?: string;
  dayLabel?: string;
  timeLabel?: string;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={dayLabel}
          type="date"
          value={value.day}
          onChange={(day) => onChange({ ...value, day })}
          isRequired={isRequired}
          isInvalid={Boolean(errorMessage)}
        />
        <TextField
          label={timeLabel}
          type="time"
          value={value.time}
          onChange={(time) => onChange({ ...value, time })}
          isRequired={isRequired}
          isInvalid={Boolean(errorMessage)}
        />
      </div>
      {errorMessage ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage}
        </p>
      ) : null}
    </div>
  );
}
