// What a page shows before its scripts run (issue 39, item 4; styled by web/index.html's inline
// rules), in the page's language (issue 44). Written once for the two places that write it: the
// build, in English (scripts/build-web.ts for the portal's page; web/index.html holds the plain
// frame's English, which the build checks), and the server, which swaps in the customer's
// language as it sends a customer's page (src/features/web/page-language.ts). React replaces it.
import type { MessageKey } from "./i18n/catalog";
import { PORTAL_WELCOME_SLOT } from "./portal-welcome.ts";

/** A message of the page's language, already escaped for HTML. */
type SayHtml = (key: MessageKey) => string;

/**
 * The portal's frame: its header bar, a block where the guest's welcome goes (the server writes
 * it there for a known link, src/features/web/portal-frame.ts) and the portal's loading text.
 */
export const portalFrame = (say: SayHtml) =>
  `<div class="boot"><div class="boot-bar">${say("portal.dashboardTitle")}</div><div class="boot-main">` +
  PORTAL_WELCOME_SLOT +
  `<p class="boot-status" role="status">${say("portal.loadingDocuments")}</p></div></div>`;

/** Every other page's frame (web/index.html's): a loading text. A signer's page is sent with it. */
export const plainFrame = (say: SayHtml) => `<div class="boot"><div class="boot-main"><p class="boot-status" role="status">${say("pageFrame.loadingPage")}</p></div></div>`;

/**
 * Where the page says what a spinner's label is while a screen's scripts load
 * (`<html data-loading-label>`): the app's first render on a customer's page runs before any
 * catalog is there (web/components/ui/page-loading-label.ts reads it).
 */
export const LOADING_LABEL_ATTRIBUTE = "data-loading-label";
