// Dates as the messages say them: "3 March" within the current year, "3 March 2024" otherwise
// (and always with the year where it matters, as an ID's expiry). English is written out, never by
// locale, so server and browser say the same; another language is its Intl's long date.

const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

const parts = (isoDate: string) => {
  const [year, month, day] = isoDate.split("-").map(Number);
  return { year: year!, month: MONTH_NAMES[month! - 1]!, day: day! };
};

/** "3 March", or "3 March 2024" when not this year. */
export function dayMonth(isoDate: string, now: Date): string {
  const { year, month, day } = parts(isoDate);
  return year === now.getUTCFullYear() ? `${day} ${month}` : `${day} ${month} ${year}`;
}

/** "3 March 2024". */
export function dayMonthYear(isoDate: string): string {
  const { year, month, day } = parts(isoDate);
  return `${day} ${month} ${year}`;
}

/** "14 Nov", or "14 Nov 2024" when not this year: the broker's row is short. */
export function dayShortMonth(isoDate: string, now: Date): string {
  const { year, month, day } = parts(isoDate);
  return `${day} ${month.slice(0, 3)}${year === now.getUTCFullYear() ? "" : ` ${year}`}`;
}

/** An ISO day in a language's long form, read as a calendar day (UTC), not a moment. */
const longDay = (language: string, isoDate: string, withYear: boolean) =>
  new Intl.DateTimeFormat(language, { day: "numeric", month: "long", ...(withYear ? { year: "numeric" } : {}), timeZone: "UTC" }).format(new Date(`${isoDate}T00:00:00Z`));

/** dayMonth in a language: "3 March" / "3 de marzo", with the year when not this year. */
export const dayMonthIn = (language: string, isoDate: string, now: Date): string =>
  language === "en" ? dayMonth(isoDate, now) : longDay(language, isoDate, Number(isoDate.slice(0, 4)) !== now.getUTCFullYear());

/** dayMonthYear in a language: "3 March 2024" / "3 de marzo de 2024". */
export const dayMonthYearIn = (language: string, isoDate: string): string => (language === "en" ? dayMonthYear(isoDate) : longDay(language, isoDate, true));
