// A document's name and description as the customer reads them. SPEC's 10 standard documents are
// our words, so they are shown in the customer's language (the catalogs' `standardDocuments`
// section); a name or description the broker wrote is the broker's words and shows as written.
// One rule for the portal (web/features/portal/PortalScreen.tsx, with the page's `t`) and every
// email that names documents (src/features/mail/templates.ts, with the email's language).
import { CUSTOM_DOCUMENT_DESCRIPTION, STANDARD_DOCUMENTS } from "../documents.ts";
import type { Catalog, MessageKey } from "./catalog";

/** A message of the page's or the email's language: useT()'s `t`, or translate() bound to a language. */
type Say = (key: MessageKey) => string;
type StandardKey = Exclude<keyof Catalog["standardDocuments"], "customDescription">;

/** The catalog's key of a standard document: its English name in camelCase ("Photo ID" → "photoId"). */
const keyOf = (englishName: string) =>
  englishName
    .split(" ")
    .map((word, i) => (i === 0 ? word.toLowerCase() : word[0]!.toUpperCase() + word.slice(1).toLowerCase()))
    .join("") as StandardKey;

// Matched exactly: the standard words as the server stores them (documents.ts parseRequestedDocument
// writes a standard pick's own spelling); anything else the broker typed is theirs.
const byName = new Map(STANDARD_DOCUMENTS.map((d) => [d.name, keyOf(d.name)]));
const byDescription = new Map(STANDARD_DOCUMENTS.map((d) => [d.description, keyOf(d.name)]));

function descriptionIn(description: string, say: Say): string | undefined {
  if (description === CUSTOM_DOCUMENT_DESCRIPTION) return say("standardDocuments.customDescription");
  const key = byDescription.get(description);
  return key && say(`standardDocuments.${key}.description`);
}

/**
 * The document with its name and description in `say`'s language where they are the standard
 * ones; the same object when neither is (so a memoised list stays equal).
 */
export function documentInLanguage<D extends { name: string; description?: string | null }>(doc: D, say: Say): D {
  const key = byName.get(doc.name);
  const description = doc.description ? descriptionIn(doc.description, say) : undefined;
  if (!key && description === undefined) return doc;
  return { ...doc, ...(key ? { name: say(`standardDocuments.${key}.name`) } : {}), ...(description !== undefined ? { description } : {}) };
}
