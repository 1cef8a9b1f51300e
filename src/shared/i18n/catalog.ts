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
