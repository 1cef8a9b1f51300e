// The guest's welcome in the portal's page frame (issue 39, item 4). On a slow phone the portal's
// scripts arrive and run ~1.2 s after the frame paints; the welcome's paragraph is the page's
// largest text, so written here it paints with the frame, and React's copy, drawn later in the
// same place and size, does not move the Largest Contentful Paint (that needs a larger element).
// Same words (src/shared/portal-welcome.ts) and the same classes as
// web/features/portal/WelcomeBanner.tsx (tests/web/portal-frame.test.tsx compares the two).
import { escapeHtml } from "../../lib/html.ts";
import { brokerNames, PORTAL_WELCOME_SLOT, welcomeHeading } from "../../shared/portal-welcome.ts";
import type { GuestWelcome } from "../portal/service.ts";

/** The welcome's box, heading and first paragraph, as WelcomeBanner renders them, names escaped. */
export function welcomeHtml({ name, brokers }: GuestWelcome): string {
  return (
    '<section aria-labelledby="portal-welcome" class="rounded-xl border border-brand-200 bg-brand-50 p-4 sm:p-6">' +
    `<h2 id="portal-welcome" class="text-xl font-semibold text-slate-900">${escapeHtml(welcomeHeading(name))}</h2>` +
    `<p class="mt-2 text-slate-700">${escapeHtml(brokerNames(brokers))} asked you for the documents below. ` +
    "Upload each one with <strong>Take photo</strong> or <strong>Choose file</strong>.</p></section>"
  );
}

/** The portal's page with the welcome in the frame's slot; a page without the slot is left as it is. */
export const withWelcome = (html: string, welcome: GuestWelcome) => html.replace(PORTAL_WELCOME_SLOT, () => welcomeHtml(welcome));
