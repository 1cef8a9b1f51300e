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

/** What a request that names a language we do not have is told (400). */
export const LANGUAGE_ERROR = `language must be one of ${LANGUAGE_CODES.map((l) => `"${l}"`).join(", ")}, or null`;

/**
 * The customer's own choice, else what the broker set, else the workspace's default; when none
 * of those is set, the request's Accept-Language (an email has none), else English. A stored
 * value no longer in the list counts as not set.
 */
export function languageThatApplies(choices: LanguageChoices, acceptLanguage?: string | null): Language {
  const set = [choices.chosen, choices.broker, choices.workspace].find(isLanguage);
  return set ?? matchLanguage(acceptLanguage) ?? DEFAULT_LANGUAGE;
}
