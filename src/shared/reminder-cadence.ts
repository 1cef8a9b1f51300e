// Reminder cadences: "almost due N days before, then every N days until done, stop after M".
// The pure schedule rule, shared by the server (the scheduler) and the browser (the form).
// Days are the broker's calendar days in the broker's time zone; reminders go out at 9:00 local
// time on working days (no Saturday, Sunday or blackout day the broker set).
import { EARLIEST_REMINDER_AFTER_REQUEST_MS } from "./due-date.ts";
import { isRemindable, type DocumentStatus } from "./documents.ts";
import { localDay } from "./local-day.ts";

export interface ReminderCadence {
  /** The first reminder goes out this many days before the due date. */
  almostDueDays: number;
  /** Then one every this many days until the document is done. */
  everyDays: number;
  /** Stop after this many cadence reminders. */
  maxCount: number;
}

export const CADENCE_LIMITS = { minDays: 1, maxDays: 60, minCount: 1, maxCount: 20 } as const;
/** What the form offers when a broker turns a cadence on. */
export const DEFAULT_CADENCE: ReminderCadence = { almostDueDays: 3, everyDays: 2, maxCount: 3 };
/** The local hour reminders go out at. */
export const CADENCE_SEND_HOUR = 9;
/** How long before expiry a document is asked for again, unless the broker sets another. */
export const DEFAULT_EXPIRY_LEAD_DAYS = 30;
export const EXPIRY_LEAD_LIMITS = { min: 1, max: 180 } as const;
/** The dashboard lists documents that expire within this many days. */
export const EXPIRING_SOON_DAYS = 30;

export const cadenceMessages = {
  days: `Days must be between ${CADENCE_LIMITS.minDays} and ${CADENCE_LIMITS.maxDays}`,
  count: `Number of reminders must be between ${CADENCE_LIMITS.minCount} and ${CADENCE_LIMITS.maxCount}`,
  blackoutDay: "Blackout days must be dates like 2026-12-24",
  expiryLead: `Days before expiry must be between ${EXPIRY_LEAD_LIMITS.min} and ${EXPIRY_LEAD_LIMITS.max}`,
  expiryDate: "Expiry date must be a date like 2027-05-31",
} as const;

/** The message for a cadence out of range, or null when it is fine. */
export function cadenceError(c: ReminderCadence): string | null {
  const day = (n: number) => Number.isInteger(n) && n >= CADENCE_LIMITS.minDays && n <= CADENCE_LIMITS.maxDays;
  if (!day(c.almostDueDays) || !day(c.everyDays)) return cadenceMessages.days;
  if (!Number.isInteger(c.maxCount) || c.maxCount < CADENCE_LIMITS.minCount || c.maxCount > CADENCE_LIMITS.maxCount) return cadenceMessages.count;
  return null;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written "YYYY-MM-DD". */
export function isIsoDay(value: string): boolean {
  const m = ISO_DAY.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

/** Calendar-day arithmetic on "YYYY-MM-DD" (no time zone, no DST: a day is a day). */
export function addIsoDays(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}


/** Minutes the zone is ahead of UTC at an instant. */
function offsetMinutes(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric",
  }).formatToParts(at);
  const n = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  const asUtc = Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"), n("second"));
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The instant of a local wall time on a day in a zone (DST-aware: 9:00 is 9:00 in summer and winter). */
export function zonedTime(day: string, hour: number, timeZone: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hour);
  let guess = wall - offsetMinutes(new Date(wall), timeZone) * 60_000;
  guess = wall - offsetMinutes(new Date(guess), timeZone) * 60_000;
  return new Date(guess);
}

/** Saturday or Sunday, or a day the broker blacked out. */
export function isDayOff(day: string, blackoutDays: ReadonlySet<string> | readonly string[]): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const blackout = blackoutDays instanceof Set ? blackoutDays.has(day) : (blackoutDays as readonly string[]).includes(day);
  return weekday === 0 || weekday === 6 || blackout;
}

/** The day itself when it is a working day, else the next working day. */
export function nextWorkingDay(day: string, blackoutDays: ReadonlySet<string> | readonly string[]): string {
  let d = day;
  // A broker can black out at most a few hundred days; a year of searching is always enough.
  for (let i = 0; i < 400 && isDayOff(d, blackoutDays); i++) d = addIsoDays(d, 1);
  return d;
}


export interface CadenceState {
  now: Date;
  dueDate: Date | null;
  /** When the document was asked for: no reminder in the first 15 minutes after it. */
  requestedAt: Date;
  status: DocumentStatus;
  cadence: ReminderCadence;
  /** When the last cadence reminder went out, and how many have. */
  lastSentAt: Date | null;
  sentCount: number;
  blackoutDays: readonly string[];
  /** The broker's IANA zone; UTC when the broker has none. */
  timeZone: string | null;
  /** The broker paused reminders for this customer. */
  paused: boolean;
}

/**
 * When the next cadence reminder is due: null when none is (done, paused, under review, no due
 * date, or M sent). A time at or before `now` means "send it now" (also one missed while the
 * portal was stopped: it goes out once, and the next counts from when it went out).
 */
export function nextCadenceSend(s: CadenceState): Date | null {
  if (s.paused || !s.dueDate || s.sentCount >= s.cadence.maxCount) return null;
  // Under review, sent back, done or never asked for: a cadence asks only for what every reminder does.
  if (!isRemindable(s.status)) return null;
  const zone = s.timeZone ?? "UTC";
  const blackout = new Set(s.blackoutDays);
  const plannedDay = s.lastSentAt
    ? addIsoDays(localDay(s.lastSentAt, zone), s.cadence.everyDays)
    : addIsoDays(localDay(s.dueDate, zone), -s.cadence.almostDueDays);
  let at = zonedTime(nextWorkingDay(plannedDay, blackout), CADENCE_SEND_HOUR, zone);
  const earliest = s.requestedAt.getTime() + EARLIEST_REMINDER_AFTER_REQUEST_MS;
  if (at.getTime() < earliest) {
    // Planned before the request itself went out: the first working day after it, at the hour
    // when that is still ahead, else the next working day's.
    const today = nextWorkingDay(localDay(new Date(earliest), zone), blackout);
    at = zonedTime(today, CADENCE_SEND_HOUR, zone);
    if (at.getTime() < earliest) at = zonedTime(nextWorkingDay(addIsoDays(today, 1), blackout), CADENCE_SEND_HOUR, zone);
  }
  return at;
}

/** "May 31, 2027" for "2027-05-31", the same in every zone (it is a calendar date, not an instant). */
export function formatIsoDay(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
}

/** "Expires on May 31, 2027, please send a current one": the reason an expiring document is asked for again. */
export function expiryReason(expiresOn: string): string {
  return `Expires on ${formatIsoDay(expiresOn)}, please send a current one`;
}

/**
 * The expiry day a re-submit reason names when it is the portal's own renewal reason (expiryReason's
 * words exactly), else null: a broker's reason. The reason is stored as written (the broker's
 * screens show it); the customer reads it in their language from this (issue 44).
 */
export function renewalDayOf(reason: string | null | undefined): string | null {
  const named = reason ? /^Expires on ([A-Z][a-z]{2} \d{1,2}, \d{4}), please send a current one$/.exec(reason) : null;
  const at = named ? Date.parse(`${named[1]} 12:00 UTC`) : Number.NaN;
  if (Number.isNaN(at)) return null;
  const day = new Date(at).toISOString().slice(0, 10);
  return expiryReason(day) === reason ? day : null;
}

/** The day (YYYY-MM-DD) a document expiring on `expiresOn` is asked for again. */
export function renewalDay(expiresOn: string, leadDays: number): string {
  return addIsoDays(expiresOn, -leadDays);
}
