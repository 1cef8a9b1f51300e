// "Expires on (optional)" in the Approve dialog: IDs, insurance declarations and licences expire;
// before they do the customer is asked for a current one automatically.
import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { cadenceMessages, DEFAULT_EXPIRY_LEAD_DAYS, isIsoDay } from "@shared/reminder-cadence";
import { refreshBrokerData } from "../../api/query-keys";
import { TextField } from "../../components/ui/TextField";
import { toast } from "../../components/ui/Toast";
import { setDocumentExpiry } from "./api";

/** `initial`: the date the document carries now ("YYYY-MM-DD"), when the field edits one. */
export function useExpiryChoice(initial = "") {
  const queryClient = useQueryClient();
  const [value, setValue] = useState(initial);
  const day = value.trim();
  const error = day && !isIsoDay(day) ? cadenceMessages.expiryDate : null;
  return {
    value,
    setValue,
    error,
    /** After approval: saves the date, when one was given. */
    async saveFor(documentId: string): Promise<void> {
      if (!day || error) return;
      try {
        await setDocumentExpiry(documentId, day);
        refreshBrokerData(queryClient);
      } catch (e) {
        toast({ title: `The expiry date was not saved: ${e instanceof Error ? e.message : "please try again"}`, variant: "error" });
      }
    },
  };
}
export type ExpiryChoice = ReturnType<typeof useExpiryChoice>;

export function ExpiryDateField({ choice, label = "Expires on (optional)" }: { choice: ExpiryChoice; label?: string }) {
  return (
    <TextField
      label={label}
      type="date"
      value={choice.value}
      onChange={choice.setValue}
      errorMessage={choice.error ?? undefined}
      description={`For IDs, licences or insurance declarations: the customer is asked for a current one before it expires (${DEFAULT_EXPIRY_LEAD_DAYS} days before unless you set another lead).`}
    />
  );
}
