// Serves the single-page app: hashed assets with long caching, any other GET outside /api and
// /ws gets index.html so the client router can render the screen (or its own 404 page).
import { Elysia } from "elysia";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import { staticBody } from "../../lib/http.ts";
import { NotJson } from "../../lib/model.ts";
import { fetchPreloadTag, portalDataPath } from "../../shared/page-preloads.ts";
import { contentType, loadWebAssets } from "./assets.ts";
import { instanceState } from "../../lib/instance-state.ts";
import { guestWelcome } from "../portal/service.ts";
import { withWelcome } from "./portal-frame.ts";

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
const pageText = instanceState("portal page text", "per process", "read once from this process's own copy of the web app", new WeakMap<Blob, Promise<string>>());

/**
 * The portal's page for one link: its first read preloaded, as the broker pages' are
 * (scripts/build-web.ts), so the link's data arrives with the scripts instead of after them; and
 * the guest's welcome written into its frame, so the page's main text paints before the scripts
 * run (portal-frame.ts). Both name the link, so they are spliced into the prebuilt page per
 * request. A link the API does not know gets the plain frame, as does any failed lookup: the
 * page always loads, and the app's own read then says what went wrong.
 */
async function portalPage(ctx: AppContext, request: Request, link: string, page: Blob): Promise<Blob> {
  let html = pageText.get(page);
  if (!html) pageText.set(page, (html = page.text()));
  const welcome = await guestWelcome(ctx, link, request).catch(() => null);
  const withPreload = (await html).replace("</head>", `${fetchPreloadTag(portalDataPath(link))}</head>`);
  return new Blob([welcome ? withWelcome(withPreload, welcome) : withPreload], { type: "text/html" });
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
    const file = link ? await portalPage(ctx, request, link, assets.get(page)!) : assets.get(page)!;
    const { body, headers } = await staticBody(request, page, file);
    return new Response(body, {
      headers: {
        ...headers,
        "content-type": "text/html; charset=utf-8",
        // A link's page names its customer: kept by no cache, like the API's answer for the link.
        // Every link-shaped path gets the same header, known or not.
        "cache-control": link ? "private, no-store" : "no-cache",
      },
    });
  }, { response: NotJson });
