// Which of a document's words are SPEC's standard ones, and those words in a language: the light
// half of standard-documents.ts, for the browser. The server finds the standard words
// (`standardWordsOf`) and sends their keys with each portal document (`standardWords`), so the
// portal's first load carries no English list to match against.
import type { Catalog, MessageKey } from "./catalog";

/**
 * A message of the page's or the email's language: useT()'s `t`, or translate() bound to a
 * language; undefined where the page's catalog lacks it.
 */
export type Say = (key: MessageKey) => string | undefined;
export type StandardKey = Exclude<keyof Catalog["standardDocuments"], "customDescription">;

/** The standard words a document has: its name's key, its description's (or a custom document's default). */
export interface StandardWords {
  name?: StandardKey;
  description?: StandardKey | "customDescription";
}

/** The catalog message of a standard document's name. */
export const standardNameKey = (key: StandardKey): MessageKey => `standardDocuments.${key}.name`;

/**
 * The document with its standard words in `say`'s language; the same object when it has none
 * (so a memoised list stays equal). The broker's own words show as written, and so does a word
 * `say` has no message for (the browser's catalog, given a newer server's key): as stored.
 */
export function withStandardWords<D extends { name: string; description?: string | null }>(doc: D, words: StandardWords | undefined, say: Say): D {
  const name = words?.name && say(standardNameKey(words.name));
  const description = words?.description && say(words.description === "customDescription" ? "standardDocuments.customDescription" : `standardDocuments.${words.description}.description`);
  return name || description ? { ...doc, ...(name ? { name } : {}), ...(description ? { description } : {}) } : doc;
}
