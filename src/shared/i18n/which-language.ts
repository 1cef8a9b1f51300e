// Which language a customer is written to: the one rule, for the portal (its page, its data) and
// every email to a customer. Each level is null while not set.
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from "./languages.ts";

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
export const LANGUAGE_ERROR = `language must be one of ${LANGUAGES.map((l) => `"${l}"`).join(", ")}, or null`;

/**
 * The first language of an Accept-Language header that we have, by its primary tag ("es-MX" is
 * "es"), in the order of the header's q-values; null when none is ours (or there is no header).
 */
export function acceptedLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .slice(0, 1000)
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim().toLowerCase().split("-")[0]!, q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.q > 0 && !Number.isNaN(r.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((r) => r.tag).find(isLanguage) ?? null;
}

/**
 * The customer's own choice, else what the broker set, else the workspace's default; when none
 * of those is set, the request's Accept-Language (an email has none), else English. A stored
 * value no longer in the list counts as not set.
 */
export function languageThatApplies(choices: LanguageChoices, acceptLanguage?: string | null): Language {
  const set = [choices.chosen, choices.broker, choices.workspace].find(isLanguage);
  return set ?? acceptedLanguage(acceptLanguage) ?? DEFAULT_LANGUAGE;
}
