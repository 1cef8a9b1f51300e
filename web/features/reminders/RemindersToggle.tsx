// Customer detail: automatic reminders on or off for this customer (a pause keeps the cadence).
import { Switch } from "react-aria-components";
import { toast } from "../../components/ui/Toast";
import { useCustomerRemindersQuery, usePauseRemindersMutation } from "./api";

export function RemindersToggle({ customerId }: { customerId: string }) {
  const query = useCustomerRemindersQuery(customerId);
  const mutation = usePauseRemindersMutation();
  const data = query.data;
  if (!data) return null;
  const on = !data.paused;
  const cadence = data.cadence;
  return (
    <div className="flex flex-col gap-1 rounded-lg border border-slate-200 px-4 py-3">
      <Switch
        isSelected={on}
        isDisabled={mutation.isPending}
        onChange={(selected) =>
          mutation.mutate(
            { customerId, paused: !selected },
            { onError: (e) => toast({ title: e instanceof Error ? e.message : "Reminders could not be changed", variant: "error" }) },
          )
        }
        className="group flex min-h-11 cursor-pointer items-center gap-3 outline-none"
      >
        <span
          aria-hidden="true"
          className="flex h-6 w-10 shrink-0 items-center rounded-full bg-slate-300 px-0.5 transition-colors group-data-selected:bg-brand-600 group-data-focus-visible:ring-2 group-data-focus-visible:ring-brand-500 group-data-focus-visible:ring-offset-2"
        >
          <span className="size-5 rounded-full bg-white shadow transition-transform group-data-selected:translate-x-4" />
        </span>
        <span className="text-slate-900">Automatic reminders</span>
      </Switch>
      <p className="text-sm text-slate-600">
        {!on
          ? "Paused: no scheduled or repeated reminders go out to this customer."
          : cadence
            ? `${cadence.almostDueDays} days before the due date, then every ${cadence.everyDays} days, at most ${cadence.maxCount}.`
            : "The scheduled reminder goes out as set."}
      </p>
    </div>
  );
}
