// Bundles the React app (web/index.html) with Tailwind, plus the files in public/.
// The server calls buildWeb() at start when running from source; `compile` writes the result
// to build/web and embeds it in the executable.
//
// Besides /index.html it writes one page per route with a known first render
// (/index.portal.html, /index.broker.html, /index.dashboard.html): the same page with the
// route's scripts preloaded. Without them a phone on a slow network fetches the entry, runs it,
// then fetches the route's chunk, runs it, then that chunk's imports…, each a round trip; with
// them every script downloads from the start (issue 14, LCP). src/features/web/routes.ts picks
// the page by path.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import tailwind from "bun-plugin-tailwind";
import { fetchPreloadTag } from "../src/shared/page-preloads.ts";
import { escapeHtml } from "../src/lib/html.ts";
import { translate } from "../src/shared/i18n/translate.ts";
import { plainFrame, portalFrame } from "../src/shared/page-frame.ts";
import { customerPagePath, OVERVIEW_PAGE } from "../web/features/customers/page-path.ts";
import { compiledCatalogs } from "./i18n-plugin.ts";
import { catalogChunks } from "./catalog-chunks.ts";
import { ROUTE_MARKERS, routeScripts, type RouteName } from "./web-graph.ts";

export interface WebFile {
  /** The URL path it is served at: "/index.html", "/assets/index-1a2b.js", "/favicon.svg". */
  urlPath: string;
  blob: Blob;
}

const root = join(import.meta.dir, "..");

export async function buildWeb({ minify = true } = {}): Promise<WebFile[]> {
  const result = await Bun.build({
    entrypoints: [join(root, "web/index.html")],
    // The message catalogs arrive compiled (i18n-plugin.ts): no ICU parser in the browser.
    plugins: [tailwind, compiledCatalogs],
    minify,
    splitting: true,
    // Chunks below 12 KB of source (a shared icon, a small component) are folded into a chunk
    // their importers load anyway: 101 scripts became 50, /upload/{link}'s first load 14 instead of
    // 35. On a phone each file is a request (six at a time, 150 ms each on slow 4G); the bytes
    // even shrank (gzip works better on fewer, larger files). Measured with
    // scripts/measure-bundle.ts: at 16 KB (Bun's documented value) the folding put broker-only
    // modules into a chunk the portal loads first (150.1 KB, over its budget, 15 files); at 12 KB
    // 149.8 KB in 14 files, the dashboard 209.9 KB instead of 210.3.
    minChunkSize: 12 * 1024,
    sourcemap: "none",
    publicPath: "/assets/",
    define: { "process.env.NODE_ENV": JSON.stringify(minify ? "production" : "development") },
    throw: false,
  });
  if (!result.success) {
    throw new Error("Web build failed:\n" + result.logs.map((l) => String(l)).join("\n"));
  }
  const files: WebFile[] = result.outputs.map((output) => {
    const name = output.path.replace(/^\.\//, "");
    return { urlPath: name.endsWith(".html") ? "/index.html" : `/assets/${name}`, blob: output };
  });
  files.push(...(await routePages(files)), await catalogChunks(files));
  for (const name of readdirSync(join(root, "public"))) {
    if (!name.startsWith(".")) files.push({ urlPath: `/${name}`, blob: Bun.file(join(root, "public", name)) });
  }
  return files;
}

/**
 * What each route's first render asks the API for: every broker screen checks the session first;
 * the dashboard then shows its metrics and the Customer Overview. Each must be the exact URL the
 * app asks for, or the browser fetches it twice (scripts/bench/lcp.ts counts the requests).
 */
const ROUTE_FETCHES: Record<RouteName, string[]> = {
  portal: [],
  broker: ["/api/auth/user"],
  dashboard: ["/api/auth/user", "/api/dashboard/metrics", customerPagePath(OVERVIEW_PAGE)],
};

/**
 * The frame a route's page paints before its scripts arrive, in place of index.html's plain
 * "Loading..." (styled by index.html's inline rules). The portal's is its header bar, a block
 * where the welcome goes and the portal's own loading text, so a customer on a slow phone sees
 * the page at once instead of a blank screen (issue 39, item 4). React replaces it. Written in
 * English (src/shared/page-frame.ts); the server writes it in the customer's language and, for a
 * known upload link, the guest's welcome in place of the block (src/features/web/).
 */
const english = (key: Parameters<typeof translate>[1]) => escapeHtml(translate("en", key));
const ROUTE_FRAMES: Partial<Record<RouteName, string>> = { portal: portalFrame(english) };
const ROOT = /(<div id="root">).*(<\/div>)(?=\s*<\/body>)/s;

/** The page each route is served with: index.html plus a modulepreload of each of the route's scripts. */
export const routePagePath = (route: RouteName) => `/index.${route}.html`;

async function routePages(files: WebFile[]): Promise<WebFile[]> {
  const text = new Map<string, string>();
  for (const file of files) if (/\.(js|html)$/.test(file.urlPath)) text.set(file.urlPath, await file.blob.text());
  const read = (urlPath: string) => {
    const content = text.get(urlPath);
    if (content === undefined) throw new Error(`${urlPath} is imported but was not built`);
    return content;
  };
  const html = read("/index.html");
  if (!html.includes("</head>")) throw new Error("index.html has no </head> to put the preloads in");
  if (!ROOT.test(html)) throw new Error('index.html has no <div id="root"> right before </body> to put the frame in');
  // The server finds this frame to write it in a customer's language (src/shared/page-frame.ts).
  if (!html.includes(plainFrame(english))) throw new Error("index.html's frame is not src/shared/page-frame.ts's plainFrame in English");
  return (Object.keys(ROUTE_MARKERS) as RouteName[]).map((route) => {
    const links = routeScripts(read, html, route).map((urlPath) => `<link rel="modulepreload" href="${urlPath}">`);
    // The route's first API read starts with the page; the app's fetch then takes the preloaded
    // answer instead of asking again.
    for (const path of ROUTE_FETCHES[route]) links.push(fetchPreloadTag(path));
    // The entry first: it runs while the route's chunks are still arriving.
    const frame = ROUTE_FRAMES[route];
    const page = html
      .replace(/<script type="module"/, '<script type="module" fetchpriority="high"')
      .replace("</head>", `${links.join("")}</head>`)
      .replace(ROOT, (whole, open: string, close: string) => (frame ? `${open}${frame}${close}` : whole));
    return { urlPath: routePagePath(route), blob: new Blob([page], { type: "text/html" }) };
  });
}
