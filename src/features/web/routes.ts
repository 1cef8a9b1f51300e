// Serves the single-page app: hashed assets with long caching, any other GET outside /api and
// /ws gets index.html so the client router can render the screen (or its own 404 page).
import { Elysia } from "elysia";
import { AppError } from "../../lib/errors.ts";
import { staticBody } from "../../lib/http.ts";
import { NotJson } from "../../lib/model.ts";
import { fetchPreloadTag, portalDataPath } from "../../shared/page-preloads.ts";
import { contentType, loadWebAssets } from "./assets.ts";
import { instanceState } from "../../lib/instance-state.ts";

const isApiPath = (path: string) => path === "/api" || path.startsWith("/api/") || path === "/ws";

/**
 * The page a path is answered with: the route's own page (its scripts preloaded, see
 * scripts/build-web.ts) when its first render is known, else index.html. The router decides
 * what to render either way; a wrong guess only costs bytes.
 */
export function pageFor(path: string): string {
  if (path === "/dashboard") return "/index.dashboard.html";
  if (path === "/upload" || path.startsWith("/upload/")) return "/index.portal.html";
  if (/^\/(customers|customer|profile|notifications|templates)(\/|$)/.test(path)) return "/index.broker.html";
  return "/index.html";
}
const isPage = (path: string) => /^\/index(\.[a-z]+)?\.html$/.test(path);

/** /upload/{link} with a link's shape: only such a link is ever written into the page. */
const PORTAL_PAGE = /^\/upload\/([A-Za-z0-9_-]{16,128})$/;
const pageText = instanceState("portal page text", "per process", "read once from this process's own copy of the web app", new WeakMap<Blob, Promise<string>>());

/**
 * The portal's page with its first read preloaded, as the broker pages' are (scripts/build-web.ts),
 * so the upload link's data arrives with the scripts instead of after them. That read names the
 * link, so the preload is added per request.
 */
async function portalPage(path: string, page: Blob): Promise<Blob> {
  const link = PORTAL_PAGE.exec(path)?.[1];
  if (!link) return page;
  let html = pageText.get(page);
  if (!html) pageText.set(page, (html = page.text()));
  return new Blob([(await html).replace("</head>", `${fetchPreloadTag(portalDataPath(link))}</head>`)], { type: "text/html" });
}

export const webRoutes = () =>
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
    const { body, headers } = await staticBody(request, page, await portalPage(path, assets.get(page)!));
    return new Response(body, {
      headers: { ...headers, "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" },
    });
  }, { response: NotJson });
