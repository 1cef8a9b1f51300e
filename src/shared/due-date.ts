// Due dates: urgency, the wording and format of SPEC section 2, and due-time arithmetic.
// Shared by server (validation, reminders) and browser (badges).
// Written with the browser's Intl, not date-fns' format and formatDistanceStrict: those two (and
// the English locale they carry) were 6.0 KB gzipped of the customer portal's first load, and Intl
// speaks every language the portal does without a locale file.
import { subDays, subHours, subMinutes, addDays, addHours, addMinutes } from "date-fns";

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
// One formatter per time zone, made once: building an Intl.DateTimeFormat costs far more than
// using one (26–93 µs against 1.5 µs, timed alone in Bun 1.4.5), and an invitation email formats a
// date for each of its documents. Per process (and per page in the browser), immutable.
const dueDateFormats = new Map<string, Intl.DateTimeFormat>();
function dueDateFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? "";
  let made = dueDateFormats.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat("en-US", {
      month: "short",
      day: "numeric",
      year: "numeric",
      hour: "numeric",
      minute: "2-digit",
      ...(timeZone ? { timeZone, timeZoneName: "short" } : {}),
    });
    // Time zones come from brokers' profiles: a few hundred at most, bounded all the same.
    if (dueDateFormats.size < 1000) dueDateFormats.set(key, made);
  }
  return made;
}

export function formatDueDate(date: Date, timeZone?: string): string {
  const parts = dueDateFormat(timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  const written = `${part("month")} ${part("day")}, ${part("year")} at ${part("hour")}:${part("minute")} ${part("dayPeriod")}`;
  return timeZone ? `${written} ${part("timeZoneName")}` : written;
}

type DistanceUnit = "second" | "minute" | "hour" | "day" | "month" | "year";

/**
 * How far apart two times are in one rounded unit, as date-fns' formatDistanceStrict picks it:
 * seconds under a minute, minutes under an hour, hours under a day, days under 30, months
 * (of 30 days) under a year, then years.
 */
export function distanceBetween(a: Date, b: Date): { value: number; unit: DistanceUnit } {
  const minutes = Math.abs(a.getTime() - b.getTime()) / 60_000;
  if (minutes < 1) return { value: Math.round(minutes * 60), unit: "second" };
  if (minutes < 60) return { value: Math.round(minutes), unit: "minute" };
  if (minutes < 1440) return { value: Math.round(minutes / 60), unit: "hour" };
  if (minutes < 43_200) return { value: Math.round(minutes / 1440), unit: "day" };
  // Twelve rounded months read "1 year", as date-fns has it.
  if (minutes < 525_600 && Math.round(minutes / 43_200) < 12) return { value: Math.round(minutes / 43_200), unit: "month" };
  return { value: Math.round(minutes / 525_600), unit: "year" };
}

/** "3 days", "1 hour" / "3 días", "1 hora": a distance in a language's words. */
export function formatDistance(a: Date, b: Date, language = "en"): string {
  const { value, unit } = distanceBetween(a, b);
  return new Intl.NumberFormat(language, { style: "unit", unit, unitDisplay: "long" }).format(value);
}

/**
 * The words of a due date in one language (the customer portal's come from its catalog,
 * `dates` section); English, SPEC's, when none are given.
 */
export interface DueDateWords {
  /** The language's tag, for Intl: "es". */
  language: string;
  /** The due time written out, "5 mar 2026, 15:00". */
  formatDate: (date: Date) => string;
  lessThanAMinute: string;
  overdueBy: (distance: string) => string;
  dueIn: (distance: string) => string;
}

const ENGLISH: DueDateWords = {
  language: "en",
  formatDate: (date) => formatDueDate(date),
  lessThanAMinute: "less than a minute",
  overdueBy: (distance) => `Overdue by ${distance}`,
  dueIn: (distance) => `Due in ${distance}`,
};

export function dueDateInfo(dueDate: Date | string, now: Date, words: DueDateWords = ENGLISH): DueDateInfo {
  const due = new Date(dueDate);
  const msLeft = due.getTime() - now.getTime();
  // Under a minute reads "less than a minute", never "Overdue by 1 second".
  const distance = Math.abs(msLeft) < 60_000 ? words.lessThanAMinute : formatDistance(due, now, words.language);
  const hoursLeft = msLeft / 3_600_000;
  const urgencyLevel: UrgencyLevel =
    msLeft < 0 ? "overdue" : hoursLeft <= CRITICAL_HOURS ? "critical" : hoursLeft <= WARNING_HOURS ? "warning" : "normal";
  return {
    isOverdue: msLeft < 0,
    timeRemaining: msLeft < 0 ? words.overdueBy(distance) : words.dueIn(distance),
    formattedDate: words.formatDate(due),
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
 * A reminder is worth sending only some time after the email that asked for the documents: one
 * that would go out with the invitation (the spec's defaults, due in 7 days with a 30-day lead,
 * land 23 days in the past) only repeats it. Earlier than this after the request, none is kept.
 */
export const EARLIEST_REMINDER_AFTER_REQUEST_MS = 15 * 60_000;

/** The reminder time to schedule for a request sent at `now`: null when it would come too soon after it. */
export function reminderAfterRequest(remindAt: Date | null, now: Date): Date | null {
  if (!remindAt) return null;
  return remindAt.getTime() < now.getTime() + EARLIEST_REMINDER_AFTER_REQUEST_MS ? null : remindAt;
}

/**
 * The lead a reminder starts with for a due date: the spec's 30 days when that still leaves the
 * reminder well after the request, else the longest of 1 day, 1 hour, 15 minutes that does
 * (a 7-day due date gets a reminder a day before). Null when even that does not fit.
 */
export function defaultReminderLead(dueDate: Date, now: Date): { value: number; unit: DueUnit } | null {
  const leads = [DEFAULT_REMINDER, { value: 1, unit: "days" as DueUnit }, { value: 1, unit: "hours" as DueUnit }, { value: 15, unit: "minutes" as DueUnit }];
  return leads.find((lead) => reminderAfterRequest(reminderTime(dueDate, lead.value, lead.unit), now) !== null) ?? null;
}

/**
 * What a broker is told about a reminder time: when it goes out, or what happens instead. With a
 * new request (an invitation, more documents) one that would come with the request's own email
 * is not sent at all (reminderAfterRequest); when only a due date changes, a time already past
 * sends it right away.
 */
export function reminderNote(remindAt: Date, now: Date, on: "request" | "due-date-change" = "request"): string {
  if (on === "request" && reminderAfterRequest(remindAt, now) === null) {
    return "That is not after the request is sent, so no separate reminder goes out: the request's own email asks for the documents.";
  }
  if (on === "due-date-change" && remindAt.getTime() <= now.getTime()) return "That time has already passed, so the reminder is sent right away.";
  return `Reminder ${formatDueDate(remindAt)}`;
}
