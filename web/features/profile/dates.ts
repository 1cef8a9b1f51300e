import { format, isValid } from "date-fns";

/** "March 3, 2026", or null when there is no usable date. */
export function formatPeriodEnd(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  return isValid(date) ? format(date, "MMMM d, yyyy") : null;
}
