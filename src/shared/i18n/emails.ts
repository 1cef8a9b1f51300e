// The emails' words in the customer's language: one catalog per language, and the few pieces of
// ICU message syntax they use ({value}; {count, plural, one {…} other {…}} with # for the count).
// Values are put in after the message is read, so a name with braces stays as typed.
import { emailsEn, type EmailMessages } from "./emails-en.ts";
import { emailsEs } from "./emails-es.ts";
import type { Language } from "./languages.ts";
import { formatDueDate } from "../due-date.ts";

const EMAILS: Record<Language, EmailMessages> = { en: emailsEn, es: emailsEs };

export type EmailKey = keyof EmailMessages;
type Values = Record<string, string | number>;

/** The end of the brace group that opens at `open`. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "{") depth++;
    else if (text[i] === "}" && --depth === 0) return i;
  }
  throw new Error(`Unbalanced braces in message: ${text}`);
}

/** The branches of "one {…} other {…}", by selector. */
function branches(text: string): Map<string, string> {
  const found = new Map<string, string>();
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf("{", i);
    if (open < 0) break;
    const end = closing(text, open);
    found.set(text.slice(i, open).trim(), text.slice(open + 1, end));
    i = end + 1;
  }
  return found;
}

function format(text: string, values: Values, locale: Language, count?: number): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === "#" && count !== undefined) {
      out += String(count);
      i++;
    } else if (c === "{") {
      const end = closing(text, i);
      const [name = "", kind, ...rest] = text.slice(i + 1, end).split(",");
      const value = values[name.trim()];
      if (kind?.trim() === "plural") {
        const n = Number(value);
        const options = branches(rest.join(","));
        const chosen = options.get(`=${n}`) ?? options.get(new Intl.PluralRules(locale).select(n)) ?? options.get("other") ?? "";
        out += format(chosen, values, locale, n);
      } else {
        out += String(value ?? "");
      }
      i = end + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** One email message in this language, its values filled in. */
export function emailText(language: Language, key: EmailKey, values: Values = {}): string {
  return format(EMAILS[language][key], values, language);
}

/**
 * A due date or time as an email prints it, in the broker's time zone (UTC without one) with the
 * zone's name. English keeps the portal's own wording (formatDueDate); others read as their
 * language writes a date ("1 de diciembre de 2026, 5:00 p.m. EST").
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
