// "Repeat reminders" in the invite and request dialogs: off by default (the spec's single
// reminder); on, a cadence "N days before the due date, then every N days, at most M".
import { useState } from "react";
import { cadenceError, DEFAULT_CADENCE, type ReminderCadence } from "@shared/reminder-cadence";
import { Checkbox } from "../../components/ui/Checkbox";
import { TextField } from "../../components/ui/TextField";
import { toast } from "../../components/ui/Toast";
import { setCustomerCadence } from "./api";

type Typed = Record<keyof ReminderCadence, string>;

const toNumber = (raw: string) => (/^\d+$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN);

/** The state behind CadenceFields; after a request succeeds, `applyTo(customerId)` saves the cadence. */
export function useCadenceChoice() {
  const [enabled, setEnabled] = useState(false);
  const [typed, setTyped] = useState<Typed>({
    almostDueDays: String(DEFAULT_CADENCE.almostDueDays),
    everyDays: String(DEFAULT_CADENCE.everyDays),
    maxCount: String(DEFAULT_CADENCE.maxCount),
  });
  const parsed: ReminderCadence = { almostDueDays: toNumber(typed.almostDueDays), everyDays: toNumber(typed.everyDays), maxCount: toNumber(typed.maxCount) };
  const cadence = enabled ? parsed : null;
  const error = cadence ? cadenceError(cadence) : null;
  return {
    enabled,
    setEnabled,
    typed,
    setField: (field: keyof ReminderCadence, value: string) => setTyped((t) => ({ ...t, [field]: value })),
    cadence,
    error,
    async applyTo(customerId: string): Promise<void> {
      if (!cadence || error) return;
      try {
        await setCustomerCadence(customerId, cadence);
      } catch (e) {
        toast({ title: `Repeat reminders were not saved: ${e instanceof Error ? e.message : "please try again"}`, variant: "error" });
      }
    },
  };
}
export type CadenceChoice = ReturnType<typeof useCadenceChoice>;

export function CadenceFields({ choice }: { choice: CadenceChoice }) {
  return (
    <div className="flex flex-col gap-2">
      <Checkbox
        isSelected={choice.enabled}
        onChange={choice.setEnabled}
        description="Skips weekends and your blackout days, waits while a document is under review, stops once it is approved."
      >
        Repeat reminders until the documents arrive
      </Checkbox>
      {choice.enabled ? (
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
          <TextField label="First, days before due" inputMode="numeric" value={choice.typed.almostDueDays} onChange={(v) => choice.setField("almostDueDays", v)} />
          <TextField label="Then every (days)" inputMode="numeric" value={choice.typed.everyDays} onChange={(v) => choice.setField("everyDays", v)} />
          <TextField label="At most (reminders)" inputMode="numeric" value={choice.typed.maxCount} onChange={(v) => choice.setField("maxCount", v)} />
        </div>
      ) : null}
      {choice.error ? (
        <p role="alert" className="text-sm text-red-700">
          {choice.error}
        </p>
      ) : null}
    </div>
  );
}
