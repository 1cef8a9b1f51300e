// The shape every catalog has: English's (catalogs/en.ts), section by section. A message is ICU
// MessageFormat: `{name}` for a value, `{count, plural, one {# file} other {# files}}` for plurals.
import type { Messages } from "@lingui/core";
import type en from "./catalogs/en";

/** Every catalog: the same sections and keys as English, each a message. */
export type Catalog = typeof en;

type Leaves<T, Prefix extends string> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** A message's key: its section and name, "portal.uploadSuccessful". */
export type MessageKey = Leaves<Catalog, "">;
/** The values a message's placeholders take. */
export type MessageValues = Record<string, string | number>;

/**
 * A message compiled to @lingui/core's form (text and placeholder tokens), as the browser gets it:
 * the ICU parser stays at build time (scripts/i18n-plugin.ts) and on the server.
 */
export type CompiledCatalog = Messages;

/**
 * What the customer portal shows at first paint (its header, rows, progress, uploads): these
 * sections come with the page. Every other section (dialogs, sign-in, the recognition step,
 * signing...) is a second part loaded with the lazy code that shows it (web/lib/i18n/store.ts
 * `withLaterMessages`), so the first load carries only what it draws. A new section is "later"
 * unless listed here; `emails` never goes to a browser.
 */
export const FIRST_PAINT_SECTIONS = ["portal", "statuses", "dates", "upload", "checks", "languageSwitcher"] as const satisfies readonly (keyof Catalog)[];
export const SERVER_ONLY_SECTIONS = ["emails"] as const satisfies readonly (keyof Catalog)[];
export type CatalogPart = "first" | "later";

/** Which part of the browser's catalog a section travels in; null: the browser never gets it. */
export function partOf(section: string): CatalogPart | null {
  if ((SERVER_ONLY_SECTIONS as readonly string[]).includes(section)) return null;
  return (FIRST_PAINT_SECTIONS as readonly string[]).includes(section) ? "first" : "later";
}

/** The catalog's messages by key, "portal.uploadSuccessful" → "Upload Successful". */
export function flattenCatalog(catalog: Catalog): Record<MessageKey, string> {
  const flat: Record<string, string> = {};
  const walk = (node: object, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === "string") flat[`${prefix}${key}`] = value;
      else walk(value as object, `${prefix}${key}.`);
    }
  };
  walk(catalog, "");
  return flat as Record<MessageKey, string>;
}
