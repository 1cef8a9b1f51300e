import { useState, type FormEvent } from "react";
import { formatDueDate } from "@shared/due-date";
import { DialogActions } from "../../components/ui/DialogActions";
import { errorText } from "../../api/client";
import { toast } from "../../components/ui/Toast";
import { useSetDueDateMutation } from "./api";
import { DocumentDialog, type DocumentDialogProps, type DocumentFormProps } from "./DocumentDialog";
import { ReminderFields, useReminder } from "../customers/DueTimeFields";
import { DueDateFields, type DueDateValue } from "./DueDateFields";
import { fromDateTimeInputs, toDateInput, toTimeInput } from "./format";

export const DUE_DATE_MISSING = "Please choose a due date and time.";
export const DUE_REMINDER_NOTE = "An email goes to the customer this long before the due time.";

/** Moves one document's due time, optionally with a reminder (as the bulk dialog offers). */
export function ChangeDueDateDialog(props: DocumentDialogProps) {
  return <DocumentDialog title="Change Due-Date" form={ChangeDueDateForm} {...props} />;
}

function ChangeDueDateForm({ document, onClose }: DocumentFormProps) {
  const current = document.dueDate ? new Date(document.dueDate) : null;
  const [value, setValue] = useState<DueDateValue>({
    day: current ? toDateInput(current) : "",
    time: current ? toTimeInput(current) : "",
  });
  const [showError, setShowError] = useState(false);
  const setDueDate = useSetDueDateMutation();
  const dueDate = fromDateTimeInputs(value.day, value.time);
  const reminder = useReminder(dueDate);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!dueDate || reminder.error) {
      setShowError(true);
      return;
    }
    setDueDate.mutate(
      { documentId: document.id, dueDate: dueDate.toISOString(), reminderTime: reminder.at(dueDate)?.toISOString() },
      {
        onSuccess: () => {
          toast({ title: "Document due time updated successfully", variant: "success" });
          onClose();
        },
        onError: (error) => toast({ title: errorText(error, "Failed to update due time"), variant: "error" }),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-slate-600">
        <span className="font-medium text-slate-900">{document.name}</span>
        {current ? <> is due {formatDueDate(current)}.</> : null}
      </p>
      <DueDateFields
        value={value}
        onChange={setValue}
        isRequired
        errorMessage={showError && !dueDate ? DUE_DATE_MISSING : undefined}
      />
      <div className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3">
        <ReminderFields
          reminder={reminder}
          dueDate={dueDate}
          description={DUE_REMINDER_NOTE}
          unitLabel="Unit"
          on="due-date-change"
          errorMessage={showError ? reminder.error : undefined}
        />
      </div>
      <DialogActions onCancel={onClose} submitLabel="Update Due Date" pendingLabel="Updating..." isPending={setDueDate.isPending} />
    </form>
  );
}
