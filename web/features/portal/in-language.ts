// The portal's documents as the customer reads them: the standard documents' names and
// descriptions in the page's language (src/shared/i18n/standard-documents.ts). Applied once, where
// the portal's data enters its screen, so every row, card, dialog, toast and label that names a
// document says the same; switching the language re-renders with the new words.
import { useMemo } from "react";
import type { PortalDto } from "@shared/api-types";
import { documentInLanguage } from "@shared/i18n/standard-documents";
import { useT } from "../../lib/i18n/use-t";

export function usePortalInLanguage(portal: PortalDto): PortalDto {
  const t = useT();
  return useMemo(() => {
    const documents = portal.documents.map((document) => documentInLanguage(document, t));
    return documents.every((document, i) => document === portal.documents[i]) ? portal : { ...portal, documents };
  }, [portal, t]);
}
