// The customer's language choice, kept on their account and their link by the server
// (PUT /api/upload/{link}/language, DESIGN 3b) so the next visit and the emails use it.
import type { Language } from "@shared/i18n/languages";

/**
 * Tells the server; the page has already switched. A failure changes nothing on the page (the
 * next visit falls back to the broker's choice or the browser's language), so it is not shown.
 * A plain fetch: the route is not in the route map yet (it comes with the server side of issue 44).
 */
export async function saveLanguageChoice(link: string, language: Language): Promise<void> {
  try {
    await fetch(`/api/upload/${encodeURIComponent(link)}/language`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ language }),
      credentials: "same-origin",
    });
  } catch {
    // Offline: the page shows the choice; the server learns it on the next switch.
  }
}
