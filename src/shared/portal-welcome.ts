// What the portal's welcome says to a guest, written once for the two places that draw it: the
// screen React renders (web/features/portal/WelcomeBanner.tsx) and the page frame the server
// sends before the scripts arrive (src/features/web/portal-frame.ts). Both must say the same
// words in the same box, or the page would change under the customer's eyes (and the Largest
// Contentful Paint would move to React's copy, issue 39 item 4).

import type { MessageKey, MessageValues } from "./i18n/catalog";

/** The page's language: the server's translate() or the web's useT(), either side. */
type Translate = (key: MessageKey, values?: MessageValues) => string;

/** "Welcome, Ann" (the first word of the customer's name), "Welcome" without one. */
export function welcomeHeading(name: string, t: Translate): string {
  const firstName = name.trim().split(/\s+/)[0];
  return firstName ? t("portal.welcomeName", { name: firstName }) : t("portal.welcome");
}

/**
 * "Ann", "Ann and Bob", "Ann, Bob, and Cy"; "your broker" when there is nobody to name. The list is
 * the language's own (Intl): Spanish joins with "e" before an I sound ("Ana e Isabel"), which a
 * catalog's "{first} y {last}" could not.
 */
export function brokerNames(brokers: readonly { name: string }[], t: Translate, language: string): string {
  const names = brokers.map((b) => b.name.trim()).filter(Boolean);
  return names.length ? new Intl.ListFormat(language).format(names) : t("portal.yourBroker");
}

/** Where the server writes the welcome into the portal's frame (scripts/build-web.ts puts it there). */
export const PORTAL_WELCOME_SLOT = '<div class="boot-block"></div>';
