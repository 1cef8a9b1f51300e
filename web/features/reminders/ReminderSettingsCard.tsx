// Profile: the broker's blackout days (no automatic reminder goes out on them) and how many days
// before an expiry date the customer is asked for a current document.
import { CalendarOff } from "lucide-react";
import { useState, type FormEvent } from "react";
import { cadenceMessages, EXPIRY_LEAD_LIMITS, isIsoDay } from "@shared/reminder-cadence";
import { errorText } from "../../api/client";
import { Button } from "../../components/ui/Button";
import { Card } from "../../components/ui/Card";
import { Spinner } from "../../components/ui/Spinner";
import { TextArea } from "../../components/ui/TextArea";
import { TextField } from "../../components/ui/TextField";
import { toast } from "../../components/ui/Toast";
import { useReminderSettingsQuery, useSaveReminderSettingsMutation, type ReminderSettings } from "./api";

export function ReminderSettingsCard() {
  const query = useReminderSettingsQuery();
  return (
    <Card title="Reminders and expiry" icon={<CalendarOff />} className="md:col-span-2">
      {query.data ? (
        <SettingsForm settings={query.data} />
      ) : query.error ? (
        <p role="alert" className="text-sm text-red-700">
          {errorText(query.error, "Your reminder settings could not be loaded.")}
        </p>
      ) : (
        <Spinner label="Loading reminder settings" className="w-full py-8" />
      )}
    </Card>
  );
}

const daysOf = (text: string) => text.split(/[\s,]+/).map((d) => d.trim()).filter(Boolean);

function SettingsForm({ settings }: { settings: ReminderSettings }) {
  const [blackout, setBlackout] = useState(settings.blackoutDays.join("\n"));
  const [lead, setLead] = useState(String(settings.expiryLeadDays));
  const save = useSaveReminderSettingsMutation();
  const days = daysOf(blackout);
  const blackoutError = days.some((d) => !isIsoDay(d)) ? cadenceMessages.blackoutDay : undefined;
  const leadNumber = /^\d+$/.test(lead.trim()) ? Number(lead.trim()) : Number.NaN;
  const leadError = leadNumber >= EXPIRY_LEAD_LIMITS.min && leadNumber <= EXPIRY_LEAD_LIMITS.max ? undefined : cadenceMessages.expiryLead;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (blackoutError || leadError) return;
    save.mutate(
      { blackoutDays: days, expiryLeadDays: leadNumber },
      {
        onSuccess: () => toast({ title: "Reminder settings saved", variant: "success" }),
        onError: (e) => toast({ title: errorText(e, "Reminder settings were not saved."), variant: "error" }),
      },
    );
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <TextArea
        label="Blackout days"
        value={blackout}
        onChange={setBlackout}
        placeholder="2026-12-24, 2026-12-25"
        description={`No automatic reminder goes out on these dates (one per line, like 2026-12-24), nor on weekends. Times are in ${settings.timeZone ?? "UTC"}.`}
        errorMessage={blackoutError}
      />
      <TextField label="Ask for a current document, days before it expires" inputMode="numeric" value={lead} onChange={setLead} errorMessage={leadError} />
      <div>
        <Button type="submit" isPending={save.isPending}>
          Save reminder settings
        </Button>
      </div>
    </form>
  );
}
