import { useState, type FormEvent } from "react";
import type { DocumentDto } from "@shared/api-types";
import { canHaveDueDateSet } from "@shared/documents";
import { addDueTime, DEFAULT_DUE } from "@shared/due-date";
import { Checkbox } from "../../components/ui/Checkbox";
import { ModalDialog } from "../../components/ui/Dialog";
import { DialogActions } from "../../components/ui/DialogActions";
import { errorText } from "../../api/client";
import { toast } from "../../components/ui/Toast";
import { StatusBadge } from "../../components/StatusBadge";
import { ReminderFields, useReminder } from "../customers/DueTimeFields";
import { useBulkDueDateMutation } from "./api";
import { DUE_DATE_MISSING, DUE_REMINDER_NOTE } from "./ChangeDueDateDialog";
import { DueDateFields, type DueDateValue } from "./DueDateFields";
import { fromDateTimeInputs, toDateInput, toTimeInput } from "./format";

export const NOTHING_SELECTED = "Please select at least one document";

/** Sets one due date (and optionally a reminder) on several documents the customer still owes. */
export function BulkDueDateDialog({
  documents,
  isOpen,
  onOpenChange,
}: {
  documents: DocumentDto[];
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <ModalDialog title="Set Due Date & Reminder" isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={false} size="lg">
      {(close) => <BulkDueDateForm documents={documents} onClose={close} />}
    </ModalDialog>
  );
}

function BulkDueDateForm({ documents, onClose }: { documents: DocumentDto[]; onClose: () => void }) {
  const eligible = documents.filter((doc) => canHaveDueDateSet(doc.status));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [due, setDue] = useState<DueDateValue>(() => {
    const suggested = addDueTime(new Date(), DEFAULT_DUE.value, DEFAULT_DUE.unit);
    return { day: toDateInput(suggested), time: toTimeInput(suggested) };
  });
  const reminder = useReminder(fromDateTimeInputs(due.day, due.time));
  const [errors, setErrors] = useState<{ selection?: string; due?: string; reminder?: string }>({});
  const bulk = useBulkDueDateMutation();

  const allSelected = eligible.length > 0 && eligible.every((doc) => selected.has(doc.id));
  const toggle = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });


  function submit(event: FormEvent) {
    event.preventDefault();
    const dueDate = fromDateTimeInputs(due.day, due.time);
    const found = {
      selection: selected.size === 0 ? NOTHING_SELECTED : undefined,
      due: dueDate ? undefined : DUE_DATE_MISSING,
      reminder: reminder.error,
    };
    setErrors(found);
    if (found.selection || found.due || found.reminder || !dueDate) return;
    bulk.mutate(
      {
        documentIds: [...selected],
        dueDate: dueDate.toISOString(),
        reminderTime: reminder.at(dueDate)?.toISOString(),
      },
      {
        onSuccess: () => {
          toast({ title: "Due dates updated successfully for selected documents", variant: "success" });
          onClose();
        },
        onError: (error) => toast({ title: errorText(error, "Failed to update due dates"), variant: "error" }),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-2 text-sm font-medium text-slate-800">Documents</legend>
        {eligible.length === 0 ? (
          <p className="text-sm text-slate-600">No documents are waiting for the customer to upload.</p>
        ) : (
          <>
            <Checkbox
              isSelected={allSelected}
              onChange={(on) => setSelected(on ? new Set(eligible.map((doc) => doc.id)) : new Set())}
            >
              Select all
            </Checkbox>
            <ul className="flex flex-col gap-1 border-t border-slate-200 pt-1">
              {eligible.map((doc) => (
                <li key={doc.id}>
                  <Checkbox
                    isSelected={selected.has(doc.id)}
                    onChange={(on) => toggle(doc.id, on)}
                    description={
                      <span className="flex flex-col items-start gap-1">
                        {doc.description}
                        <StatusBadge status={doc.status} />
                      </span>
                    }
                  >
                    {doc.name}
                  </Checkbox>
                </li>
              ))}
            </ul>
          </>
        )}
        {errors.selection && selected.size === 0 ? (
          <p role="alert" className="text-sm text-red-700">
            {errors.selection}
          </p>
        ) : null}
      </fieldset>

      <DueDateFields value={due} onChange={setDue} isRequired errorMessage={errors.due} />

      <div className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3">
        <ReminderFields
          reminder={reminder}
          dueDate={fromDateTimeInputs(due.day, due.time)}
          description={DUE_REMINDER_NOTE}
          unitLabel="Unit"
          on="due-date-change"
          // Said once the broker tries to save, like the other fields of this dialog.
          errorMessage={errors.reminder}
        />
      </div>

      <DialogActions onCancel={onClose} submitLabel="Set Due Date" pendingLabel="Saving..." isPending={bulk.isPending} />
    </form>
  );
}
