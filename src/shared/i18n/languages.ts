// The languages a customer can read the portal and its emails in. Adding one: its catalog file
// and one entry here. (Provisional until the catalogs' own list lands from the i18n mechanism.)
export const LANGUAGES = ["en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

export const isLanguage = (value: unknown): value is Language => typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
