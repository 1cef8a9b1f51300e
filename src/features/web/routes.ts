// Serves the single-page app: hashed assets with long caching, any other GET outside /api and
// /ws gets index.html so the client router can render the screen (or its own 404 page).
import { Elysia } from "elysia";
import { AppError } from "../../lib/errors.ts";
import { staticBody } from "../../lib/http.ts";
import { NotJson } from "../../lib/model.ts";
import { contentType, loadWebAssets } from "./assets.ts";

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
    const { body, headers } = await staticBody(request, page, assets.get(page)!);
    return new Response(body, {
      headers: { ...headers, "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" },
    });
  }, { response: NotJson });
