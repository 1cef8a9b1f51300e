// What the portal told a signed-in customer about a file before they sent it anyway (DESIGN 3b),
// shown until the broker decides, in the page's language. Loaded with the catalog's later part
// (the `recognition` sentences live there), so the portal's first load does not carry it.
import type { PortalDocumentDto } from "@shared/api-types";
import { useT } from "../../lib/i18n/use-t";
import { useRecognitionText } from "./recognition-text";

export function SentWith({ recognition }: { recognition: NonNullable<PortalDocumentDto["recognition"]> }) {
  const t = useT();
  const said = useRecognitionText();
  return <p className="text-sm text-amber-900">{t("portal.sentWith", { messages: said(recognition).join(". ") })}</p>;
}
