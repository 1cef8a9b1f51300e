// Serves the single-page app: hashed assets with long caching, any other GET outside /api and
// /ws gets index.html so the client router can render the screen (or its own 404 page).
import { Elysia } from "elysia";
import { AppError } from "../../lib/errors.ts";
import { staticBody } from "../../lib/http.ts";
import { NotJson } from "../../lib/model.ts";
import { contentType, loadWebAssets } from "./assets.ts";

const isApiPath = (path: string) => path === "/api" || path.startsWith("/api/") || path === "/ws";

export const webRoutes = () =>
  new Elysia().get("/*", async ({ request }) => {
    const path = new URL(request.url).pathname;
    if (isApiPath(path)) throw new AppError("not_found", `No such endpoint: GET ${path}`);

    const assets = await loadWebAssets();
    const asset = assets.get(path);
    if (asset && path !== "/index.html") {
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
    const { body, headers } = await staticBody(request, "/index.html", assets.get("/index.html")!);
    return new Response(body, {
      headers: { ...headers, "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" },
    });
  }, { response: NotJson });
