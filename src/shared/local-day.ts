// The calendar day an instant falls on in a time zone, on its own so that a module the portal's
// first load carries (signatures.ts, for the signing screen's date field) takes it without the
// reminder cadence's rules.

/** The calendar day ("YYYY-MM-DD") an instant falls on in a time zone. */
export function localDay(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(at);
  const part = (t: string) => parts.find((p) => p.type === t)!.value;
  return `${part("year")}-${part("month")}-${part("day")}`;
}
