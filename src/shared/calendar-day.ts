// A calendar day in a language, alone in its module: the portal's first load writes the renewal
// reason's day with it, and nothing else of reminder-cadence.ts need come along.

/** A calendar day (YYYY-MM-DD) as a language writes it short: "May 31, 2027", "31 may 2027". */
export const calendarDayIn = (language: string, day: string): string =>
  new Intl.DateTimeFormat(language, { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(new Date(`${day}T12:00:00Z`));
