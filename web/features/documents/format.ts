// Small display and form helpers shared by the customer detail screen and its dialogs.
import { format, isValid, parse } from "date-fns";

export { formatDay } from "@shared/format";

/** The value of a native date input ("2025-11-22"). */
export const toDateInput = (date: Date) => format(date, "yyyy-MM-dd");
/** The value of a native time input ("17:30"). */
export const toTimeInput = (date: Date) => format(date, "HH:mm");

/** Combines the date and time inputs into a local time, or null when either is missing or invalid. */
export function fromDateTimeInputs(day: string, time: string): Date | null {
  if (!day || !time) return null;
  const date = parse(`${day} ${time}`, "yyyy-MM-dd HH:mm", new Date());
  return isValid(date) ? date : null;
}
