// The web app's files: embedded in the compiled executable, or bundled once at start when
// running from source.
import { embeddedFiles } from "../../lib/embedded.ts";
import { instanceState } from "../../lib/instance-state.ts";

export type WebAssets = Map<string, Blob>;

const assets = instanceState("web app files", "per process", "this process's own copy of the web app, loaded once", { loading: null as Promise<WebAssets> | null });

export function loadWebAssets(): Promise<WebAssets> {
  // A failed build (a syntax error while developing) is retried on the next request.
  assets.loading ??= load().catch((error) => {
    assets.loading = null;
    throw error;
  });
  return assets.loading;
}

async function load(): Promise<WebAssets> {
  const embedded = embeddedFiles();
  if (embedded) {
    return new Map(Object.entries(embedded.web).map(([urlPath, file]) => [urlPath, Bun.file(file)]));
  }
  // A variable specifier keeps the bundler (and Tailwind's native parts) out of the executable.
  const builder = "../../../scripts/build-web.ts";
  const { buildWeb } = (await import(builder)) as typeof import("../../../scripts/build-web.ts");
  const files = await buildWeb({ minify: process.env.NODE_ENV !== "development" });
  return new Map(files.map((f) => [f.urlPath, f.blob]));
}

/** Content-Type by extension; the bundle's own types are not kept in the executable. */
export function contentType(urlPath: string): string {
  const ext = urlPath.slice(urlPath.lastIndexOf(".") + 1).toLowerCase();
  const types: Record<string, string> = {
    html: "text/html; charset=utf-8",
    js: "text/javascript; charset=utf-8",
    // pdf.js's worker (web/components/pdf/pdfjs.ts), kept as the file pdfjs-dist ships.
    mjs: "text/javascript; charset=utf-8",
    css: "text/css; charset=utf-8",
    svg: "image/svg+xml",
    png: "image/png",
    ico: "image/x-icon",
    txt: "text/plain; charset=utf-8",
    json: "application/json",
    webmanifest: "application/manifest+json",
    woff2: "font/woff2",
    webm: "video/webm",
    mp4: "video/mp4",
    vtt: "text/vtt; charset=utf-8",
  };
  return types[ext] ?? "application/octet-stream";
}
