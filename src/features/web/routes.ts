// Serves the single-page app: hashed assets with long caching, any other GET outside /api and
// /ws gets index.html so the client router can render the screen (or its own 404 page).
import { Elysia } from "elysia";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import { staticBody } from "../../lib/http.ts";
import { NotJson } from "../../lib/model.ts";
import { fetchPreloadTag, portalDataPath } from "../../shared/page-preloads.ts";
import { contentType, loadWebAssets, type WebAssets } from "./assets.ts";
import { instanceState } from "../../lib/instance-state.ts";
import { portalFrame } from "../portal/service.ts";
import { inLanguage } from "./page-language.ts";
import { browserLanguage } from "../../shared/i18n/which-language.ts";
import { withWelcome } from "./portal-frame.ts";
import { signPageLanguage } from "../signatures/signer-language.ts";
import type { Language } from "../../shared/i18n/languages.ts";

const isApiPath = (path: string) => path === "/api" || path.startsWith("/api/") || path === "/ws";

/**
 * The page a path is answered with: the route's own page (its scripts preloaded, see
 * scripts/build-web.ts) when its first render is known, else index.html. The router decides
 * what to render either way; a wrong guess only costs bytes.
 */
export function pageFor(path: string): string {
  if (path === "/dashboard") return "/index.dashboard.html";
  if (path === "/upload" || path.startsWith("/upload/")) return "/index.portal.html";
  if (/^\/(customers|customer|profile|notifications|templates|team)(\/|$)/.test(path)) return "/index.broker.html";
  return "/index.html";
}
const isPage = (path: string) => /^\/index(\.[a-z]+)?\.html$/.test(path);

/** /upload/{link} with a link's shape: only such a link is ever written into the page. */
const PORTAL_PAGE = /^\/upload\/([A-Za-z0-9_-]{16,128})$/;
/** Another signer's page (signatures): its token's request names the customer whose language applies. */
const SIGN_PAGE = /^\/sign\/([A-Za-z0-9_-]{16,128})$/;
const pageText = instanceState("portal page text", "per process", "read once from this process's own copy of the web app", new WeakMap<Blob, Promise<string>>());

/**
 * The portal's page for one link: its first read preloaded, as the broker pages' are
 * (scripts/build-web.ts), so the link's data arrives with the scripts instead of after them; and
 * the guest's welcome written into its frame, so the page's main text paints before the scripts
 * run (portal-frame.ts). Both name the link, so they are spliced into the prebuilt page per
 * request. A link the API does not know gets the plain frame, as does any failed lookup: the
 * page always loads, and the app's own read then says what went wrong.
 */
async function portalPage(ctx: AppContext, request: Request, link: string, page: Blob, assets: WebAssets): Promise<Blob> {
  const frame = await portalFrame(ctx, link, request).catch(() => null);
  const withPreload = (await textOf(page)).replace("</head>", `${fetchPreloadTag(portalDataPath(link))}</head>`);
  // An unknown link's page: the browser's language, as for any page nobody set one for.
  const inItsLanguage = await inLanguage(withPreload, assets, frame?.language ?? languageOfBrowser(request));
  return new Blob([frame?.welcome ? withWelcome(inItsLanguage, frame.welcome, frame.language) : inItsLanguage], { type: "text/html" });
}

const languagePages = instanceState("page per language", "per process", "made once per language from this process's own copy of the web app", new WeakMap<Blob, Map<string, Promise<Blob>>>());

/**
 * A customer-facing page in one language, its catalog preloaded as on a link's page: another
 * signer's (/sign/{token}: the language that applies to the request's customer, signer-language.ts)
 * and the portal's page for a path that is not a link (the browser's). The same for every path: made
 * once per language (and so gzipped once, lib/http.ts); the page names nobody.
 */
function languagePage(language: Language, page: Blob, assets: WebAssets): Promise<Blob> {
  let made = languagePages.get(page);
  if (!made) languagePages.set(page, (made = new Map()));
  let blob = made.get(language);
  if (!blob) made.set(language, (blob = textOf(page).then(async (html) => new Blob([await inLanguage(html, assets, language)], { type: "text/html" }))));
  return blob;
}

const languageOfBrowser = (request: Request) => browserLanguage(request.headers.get("accept-language"));

function textOf(page: Blob): Promise<string> {
  let html = pageText.get(page);
  if (!html) pageText.set(page, (html = page.text()));
  return html;
}

export const webRoutes = (ctx: AppContext) =>
  new Elysia().get("/*", async ({ request }) => {
    const path = new URL(request.url).pathname;
    if (isApiPath(path)) throw new AppError("not_found", `No such endpoint: GET ${path}`);

    const assets = await loadWebAssets();
    const asset = assets.get(path);
    if (asset && !isPage(path)) {
      const hashed = path.startsWith("/assets/");
      const { body, headers } = await staticBody(request, path, asset);
      return new Response(body, {
        headers: {
          ...headers,
          "content-type": contentType(path),
          "cache-control": hashed ? "public, max-age=31536000, immutable" : "public, max-age=3600",
        },
      });
    }
    if (path.startsWith("/assets/")) throw new AppError("not_found", "No such file");
    const page = assets.has(pageFor(path)) ? pageFor(path) : "/index.html";
    const link = PORTAL_PAGE.exec(path)?.[1];
    const signToken = SIGN_PAGE.exec(path)?.[1];
    const inALanguage = path.startsWith("/sign/") || page === "/index.portal.html";
    // A token the lookup cannot place (or a failed lookup) gets the browser's language: the page always loads.
    const language = signToken ? ((await signPageLanguage(ctx, signToken, request.headers.get("accept-language")).catch(() => null)) ?? languageOfBrowser(request)) : languageOfBrowser(request);
    const file = link ? await portalPage(ctx, request, link, assets.get(page)!, assets) : inALanguage ? await languagePage(language, assets.get(page)!, assets) : assets.get(page)!;
    const { body, headers } = await staticBody(request, page, file);
    return new Response(body, {
      headers: {
        ...headers,
        "content-type": "text/html; charset=utf-8",
        // A link's page names its customer: kept by no cache, like the API's answer for the link.
        // Every link-shaped path gets the same header, known or not.
        "cache-control": link ? "private, no-store" : "no-cache",
        // A signer's page (with nothing set for the customer), and the portal's without a link, are in the browser's language.
        ...(!link && inALanguage ? { vary: "Accept-Encoding, Accept-Language" } : {}),
      },
    });
  }, { response: NotJson });
