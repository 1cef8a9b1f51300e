// A document's name and description as the customer reads them. SPEC's 10 standard documents are
// our words, so they are shown in the customer's language (the catalogs' `standardDocuments`
// section); a name or description the broker wrote is the broker's words and shows as written.
// The server finds the standard words here (`standardWordsOf`): every email that names documents
// (src/features/mail/templates.ts) and each portal document (src/features/portal/service.ts
// `standardWords`, said in the page's language by web/features/portal/in-language.ts).
import { CUSTOM_DOCUMENT_DESCRIPTION, STANDARD_DOCUMENTS } from "../documents.ts";
import { withStandardWords, type Say, type StandardKey, type StandardWords } from "./standard-words.ts";

/** The catalog's key of a standard document: its English name in camelCase ("Photo ID" → "photoId"). */
const keyOf = (englishName: string) =>
  englishName
    .split(" ")
    .map((word, i) => (i === 0 ? word.toLowerCase() : word[0]!.toUpperCase() + word.slice(1).toLowerCase()))
    .join("") as StandardKey;

/** Every standard document's key, in SPEC's order. */
export const STANDARD_KEYS: readonly StandardKey[] = STANDARD_DOCUMENTS.map((d) => keyOf(d.name));

// Matched exactly: the standard words as the server stores them (documents.ts parseRequestedDocument
// writes a standard pick's own spelling); anything else the broker typed is theirs.
// Constants, never written after load (typed read-only: not module state).
const byName: ReadonlyMap<string, StandardKey> = new Map(STANDARD_DOCUMENTS.map((d) => [d.name, keyOf(d.name)]));
const byDescription: ReadonlyMap<string, StandardKey> = new Map(STANDARD_DOCUMENTS.map((d) => [d.description, keyOf(d.name)]));

/** Which of the document's words are standard; undefined when none is. */
export function standardWordsOf(doc: { name: string; description?: string | null }): StandardWords | undefined {
  const name = byName.get(doc.name);
  const description = doc.description === CUSTOM_DOCUMENT_DESCRIPTION ? "customDescription" : doc.description ? byDescription.get(doc.description) : undefined;
  if (!name && !description) return undefined;
  return { ...(name ? { name } : {}), ...(description ? { description } : {}) };
}

/** The document with its standard words in `say`'s language; the same object when it has none. */
export function documentInLanguage<D extends { name: string; description?: string | null }>(doc: D, say: Say): D {
  return withStandardWords(doc, standardWordsOf(doc), say);
}
