// The emails' words in the customer's language: the catalogs' `emails` section
// (catalogs/*.ts), and how an email prints a date in that language.
import type { Catalog } from "./catalog";
import { formatDueDate } from "../due-date.ts";
import { renewalDayOf } from "../reminder-cadence.ts";
import { calendarDayIn } from "../calendar-day.ts";
import type { Language } from "./languages.ts";
import { documentInLanguage } from "./standard-documents.ts";
import { translate } from "./translate.ts";

export type EmailKey = keyof Catalog["emails"];

/** One email message in this language, its values filled in. */
export function emailText(language: Language, key: EmailKey, values: Record<string, string | number> = {}): string {
  return translate(language, `emails.${key}`, values);
}

/** A document's name as an email to this customer writes it: a standard document's in their language. */
export function emailDocumentName(language: Language, name: string): string {
  return documentInLanguage({ name }, (key) => translate(language, key)).name;
}

/** A re-submit reason as an email to this customer writes it: the portal's own renewal reason in their language, a broker's as written. */
export function emailReason(language: Language, reason: string): string {
  const day = renewalDayOf(reason);
  return day ? translate(language, "portal.renewalReason", { date: calendarDayIn(language, day) }) : reason;
}

/**
 * A due date or time as an email prints it, in the broker's time zone (UTC without one) with the
 * zone's name. English keeps the portal's own wording (formatDueDate); others read as their
 * language writes a date ("1 de diciembre de 2026 a las 5:00 p.m. EST").
 */
export function emailDate(language: Language, date: Date, timeZone: string): string {
  if (language === "en") return formatDueDate(date, timeZone);
  return new Intl.DateTimeFormat(language === "es" ? "es-US" : language, {
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  }).format(date);
}
