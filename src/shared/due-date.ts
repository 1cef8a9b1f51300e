// Due dates: urgency, the wording and format of SPEC section 2, and due-time arithmetic.
// Shared by server (validation, reminders) and browser (badges).
import { format, formatDistanceStrict, subDays, subHours, subMinutes, addDays, addHours, addMinutes } from "date-fns";

export type UrgencyLevel = "overdue" | "critical" | "warning" | "normal";

export const CRITICAL_HOURS = 6;
export const WARNING_HOURS = 24;

export interface DueDateInfo {
  isOverdue: boolean;
  /** "Overdue by 2 days" or "Due in 5 hours". */
  timeRemaining: string;
  /** "Dec 1, 2026 at 5:30 PM" (month abbreviation day, year at hour:minute am/pm). */
  formattedDate: string;
  urgencyLevel: UrgencyLevel;
}

/**
 * "Dec 1, 2026 at 5:30 PM", the app's one way of writing a due time: in the browser's own time
 * zone, or in the one given (emails are written on the server, in UTC until brokers have a
 * time zone of their own, and say so: "Dec 1, 2026 at 5:30 PM UTC").
 */
export function formatDueDate(date: Date, timeZone?: string): string {
  if (!timeZone) return format(date, "MMM d, yyyy 'at' h:mm a");
  const parts = new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("month")} ${part("day")}, ${part("year")} at ${part("hour")}:${part("minute")} ${part("dayPeriod")} ${part("timeZoneName")}`;
}

export function dueDateInfo(dueDate: Date | string, now: Date): DueDateInfo {
  const due = new Date(dueDate);
  const msLeft = due.getTime() - now.getTime();
  const distance = formatDistanceStrict(due, now);
  const hoursLeft = msLeft / 3_600_000;
  const urgencyLevel: UrgencyLevel =
    msLeft < 0 ? "overdue" : hoursLeft <= CRITICAL_HOURS ? "critical" : hoursLeft <= WARNING_HOURS ? "warning" : "normal";
  return {
    isOverdue: msLeft < 0,
    timeRemaining: msLeft < 0 ? `Overdue by ${distance}` : `Due in ${distance}`,
    formattedDate: formatDueDate(due),
    urgencyLevel,
  };
}

export const DUE_UNITS = ["minutes", "hours", "days"] as const;
export type DueUnit = (typeof DUE_UNITS)[number];

export const DUE_VALUE_MIN = 1;
export const DUE_VALUE_MAX = 365;
export const DEFAULT_DUE = { value: 7, unit: "days" as DueUnit };
export const DEFAULT_REMINDER = { value: 30, unit: "days" as DueUnit };

export const dueMessages = {
  tooSmall: "Due time must be at least 1",
  tooLarge: `Due time cannot exceed ${DUE_VALUE_MAX} days`,
  reminderRange: `Reminder time must be between ${DUE_VALUE_MIN} and ${DUE_VALUE_MAX}`,
} as const;

/**
 * How far ahead the server accepts a due date: the form's 365 days, plus a day for the time the
 * form stood open and for time zones, so a date the form allowed is never refused.
 */
export const MAX_DUE_AHEAD_MS = (DUE_VALUE_MAX + 1) * 24 * 60 * 60 * 1000;

/** The form's rule: non-numeric or empty falls back to 1. */
export function parseDueValue(raw: string | number): number {
  const n = typeof raw === "number" ? raw : Number.parseInt(raw, 10);
  return Number.isFinite(n) ? n : 1;
}

/** The message for a due value outside 1–365, or null when it is fine. */
export function dueValueError(value: number): string | null {
  if (value < DUE_VALUE_MIN) return dueMessages.tooSmall;
  if (value > DUE_VALUE_MAX) return dueMessages.tooLarge;
  return null;
}

export function addDueTime(from: Date, value: number, unit: DueUnit): Date {
  return unit === "minutes" ? addMinutes(from, value) : unit === "hours" ? addHours(from, value) : addDays(from, value);
}

/** When to remind: the lead time before the due date. */
export function reminderTime(dueDate: Date, value: number, unit: DueUnit): Date {
  return unit === "minutes" ? subMinutes(dueDate, value) : unit === "hours" ? subHours(dueDate, value) : subDays(dueDate, value);
}

/**
 * What a broker is told about a reminder time: when it goes out, or that it is already past and
 * so goes out at once (the spec's defaults, due in 7 days with a 30-day lead, do exactly that).
 */
export function reminderNote(remindAt: Date, now: Date): string {
  return remindAt.getTime() <= now.getTime()
    ? "That time has already passed, so the reminder is sent right away."
    : `Reminder ${formatDueDate(remindAt)}`;
}
