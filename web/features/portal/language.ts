// The customer's language choice, kept on their account and their link by the server
// (PUT /api/upload/{link}/language, DESIGN 3b) so the next visit and the emails use it.
import type { Language } from "@shared/i18n/languages";
import { apiFetch } from "../../api/client";

/**
 * Tells the server, through the web app's one client (the route map types the path and the body),
 * after the page has already switched. A failure changes nothing on the page (the next visit falls
 * back to the broker's choice or the browser's language), so no message is shown: a refusal is
 * dropped here; an unreachable server is told as for every call, by the connection banner, and the
 * server learns the choice on the next switch.
 */
export async function saveLanguageChoice(link: string, language: Language): Promise<void> {
  try {
    await apiFetch(`/api/upload/${encodeURIComponent(link)}/language`, { method: "PUT", body: { language } });
  } catch {
    // Shown nowhere: the page keeps the language chosen.
  }
}
