// The guest's welcome in the portal's page frame (issue 39, item 4). On a slow phone the portal's
// scripts arrive and run ~1.2 s after the frame paints; the welcome's paragraph is the page's
// largest text, so written here it paints with the frame, and React's copy, drawn later in the
// same place and size, does not move the Largest Contentful Paint (that needs a larger element).
// Same words (src/shared/portal-welcome.ts) and the same classes as
// web/features/portal/WelcomeBanner.tsx (tests/web/portal-frame.test.tsx compares the two).
import { escapeHtml } from "../../lib/html.ts";
import type { MessageKey, MessageValues } from "../../shared/i18n/catalog.ts";
import type { Language } from "../../shared/i18n/languages.ts";
import { translate } from "../../shared/i18n/translate.ts";
import { brokerNames, PORTAL_WELCOME_SLOT, welcomeHeading } from "../../shared/portal-welcome.ts";
import type { GuestWelcome } from "../portal/service.ts";

/** The welcome's box, heading and first paragraph, as WelcomeBanner renders them, names escaped. */
export function welcomeHtml({ name, brokers }: GuestWelcome, language: Language = "en"): string {
  const t = (key: MessageKey, values?: MessageValues) => translate(language, key, values);
  // The catalog's <0>…</0> parts are WelcomeBanner's <strong>s; the names are escaped first.
  const asked = t("portal.welcomeAsked", { brokers: escapeHtml(brokerNames(brokers, t, language)) }).replace(/<(\d)>(.*?)<\/\1>/g, "<strong>$2</strong>");
  return (
    '<section aria-labelledby="portal-welcome" class="rounded-xl border border-brand-200 bg-brand-50 p-4 sm:p-6">' +
    `<h2 id="portal-welcome" class="text-xl font-semibold text-slate-900">${escapeHtml(welcomeHeading(name, t))}</h2>` +
    `<p class="mt-2 text-slate-700">${asked}</p></section>`
  );
}

/** The portal's page with the welcome in the frame's slot; a page without the slot is left as it is. */
export const withWelcome = (html: string, welcome: GuestWelcome, language: Language) => html.replace(PORTAL_WELCOME_SLOT, () => welcomeHtml(welcome, language));
