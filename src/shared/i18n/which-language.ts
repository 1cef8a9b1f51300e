// Which language a customer is written to: the one rule, for the portal (its page, its data) and
// every email to a customer. Each level is null while not set.
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_CODES, matchLanguage, type Language } from "./languages.ts";

/** What may be set about one customer's language, strongest first. */
export interface LanguageChoices {
  /** The customer's own choice in the portal (PUT /api/upload/{link}/language). */
  chosen: string | null;
  /** What the broker set when inviting or editing. */
  broker: string | null;
  /** The workspace's default (workspace settings). */
  workspace: string | null;
}

const listed = LANGUAGE_CODES.map((l) => `"${l}"`).join(", ");
/** What a request that names a language we do not have is told (400): where null unsets it (the broker's settings)… */
export const LANGUAGE_ERROR = `language must be one of ${listed}, or null`;
/** …and where a language must be named (the customer's switch). */
export const CHOSEN_LANGUAGE_ERROR = `language must be one of ${listed}`;

/**
 * The customer's own choice, else what the broker set, else the workspace's default; when none
 * of those is set, the request's Accept-Language (an email has none), else English. A stored
 * value no longer in the list counts as not set.
 */
export function languageThatApplies(choices: LanguageChoices, acceptLanguage?: string | null): Language {
  const set = [choices.chosen, choices.broker, choices.workspace].find(isLanguage);
  return set ?? browserLanguage(acceptLanguage);
}

/** With nothing set (or nothing known, as on a page for no link): the browser's Accept-Language, else English. */
export const browserLanguage = (acceptLanguage: string | null | undefined): Language => matchLanguage(acceptLanguage) ?? DEFAULT_LANGUAGE;
