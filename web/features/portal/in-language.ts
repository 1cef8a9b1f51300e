// The portal's documents as the customer reads them: the standard documents' names and
// descriptions in the page's language (the server marks which words are standard:
// `standardWords`, src/shared/i18n/standard-documents.ts). Applied once, where the portal's data
// enters its screen, so every row, card, dialog, toast and label that names a document says the
// same; switching the language re-renders with the new words. A key this page's catalog does not
// know (a newer server's) shows the server's stored words.
import { useMemo } from "react";
import type { PortalDto } from "@shared/api-types";
import { withStandardWords, type StandardWords } from "@shared/i18n/standard-words";
import { knowsMessage } from "../../lib/i18n/store";
import { useT } from "../../lib/i18n/use-t";

export function usePortalInLanguage(portal: PortalDto): PortalDto {
  const t = useT();
  return useMemo(() => {
    const documents = portal.documents.map((document) => withStandardWords(document, document.standardWords as StandardWords | undefined, (key) => (knowsMessage(key) ? t(key) : undefined)));
    return documents.every((document, i) => document === portal.documents[i]) ? portal : { ...portal, documents };
  }, [portal, t]);
}
