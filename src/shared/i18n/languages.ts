// The languages the customer portal and its emails speak. Adding one: a catalog file in
// catalogs/ (typed as `Catalog`, so a missing key fails tsc) and one line here. Each catalog is
// loaded by a dynamic import, so the web build makes it a chunk of its own and a page downloads
// only the language it shows (scripts/i18n-plugin.ts compiles it for the browser).
import type { Locale } from "date-fns";
import type { Catalog } from "./catalog";

interface LanguageEntry {
  /** The language's name in itself, as the switcher offers it ("Español"). */
  name: string;
  catalog: () => Promise<{ default: Catalog }>;
  /**
   * date-fns' locale, for the server's dates (emails); none for English (date-fns' default). The
   * portal writes its dates with the browser's Intl instead (web/features/portal/dates.ts).
   */
  dateLocale?: () => Promise<Locale>;
}

export const LANGUAGES = {
  en: { name: "English", catalog: () => import("./catalogs/en") },
  es: { name: "Español", catalog: () => import("./catalogs/es"), dateLocale: () => import("date-fns/locale/es").then((m) => m.es) },
} satisfies Record<string, LanguageEntry>;

export type Language = keyof typeof LANGUAGES;
export const LANGUAGE_CODES = Object.keys(LANGUAGES) as Language[];
export const DEFAULT_LANGUAGE: Language = "en";

export const isLanguage = (value: unknown): value is Language =>
  typeof value === "string" && Object.prototype.hasOwnProperty.call(LANGUAGES, value);

export const languageEntry = (language: Language): LanguageEntry => LANGUAGES[language];

/**
 * The first supported language of a language tag or an Accept-Language header ("es-MX,es;q=0.9,
 * en;q=0.8" → "es"), by quality then order; null when none is supported.
 */
export function matchLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { base: tag.trim().toLowerCase().split("-")[0]!, quality: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.quality > 0 && !Number.isNaN(entry.quality))
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked.map((entry) => entry.base).find(isLanguage) ?? null;
}
