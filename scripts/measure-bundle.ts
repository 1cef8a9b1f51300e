// What a customer's phone downloads to open /upload/{link}, and a broker's to open /dashboard:
// builds the web app exactly as the server does (buildWeb), then walks the output the way a
// browser would:
//   the route's page (/index.portal.html, /index.dashboard.html: what the server answers the
//   route with) → its stylesheet, modulepreloads and entry script → every chunk they import
//   statically → the route's lazy chunks (the dynamic imports the router triggers) → their static
//   imports.
// Imports are read from the minified output with Bun's own parser (Bun.Transpiler.scanImports),
// so nothing is guessed from source files. Other dynamic imports (broker screens, the landing
// page) are listed as not downloaded. Each file is measured gzipped (Bun.gzipSync, close to what
// a server or CDN sends).
//
// The budget is on the JavaScript (150 KB gzipped): that is what the route itself decides. The
// page and the one Tailwind stylesheet (shared by every screen) are downloaded too, so they are
// listed and added to a grand total, but not held to the route's budget.
//
//   bun scripts/measure-bundle.ts          # prints the table, exits 1 above 150 KB of JavaScript
import { buildWeb, routePagePath, type WebFile } from "./build-web.ts";
import { partMarker } from "./i18n-plugin.ts";
import en from "../src/shared/i18n/catalogs/en.ts";
import { chunkHolding, entryScripts, importsOf, resolveUrl, ROUTE_MARKERS, staticClosure, type RouteName } from "./web-graph.ts";

export const BUDGET_BYTES = 150 * 1024;
/** Found only in a compiled catalog's first-paint part (scripts/i18n-plugin.ts): its first key, as JSON. */
const CATALOG_MARKER = partMarker(en, "first");
/** The broker dashboard's budget (issue 14): the broker area's shell and the dashboard screen. */
export const DASHBOARD_BUDGET_BYTES = 250 * 1024;

interface Loaded {
  urlPath: string;
  why: string;
  bytes: number;
  gzipped: number;
}

export const measurePortalRoute = (files?: WebFile[]) => measureRoute("portal", files);
export const measureDashboardRoute = (files?: WebFile[]) => measureRoute("dashboard", files);

/**
 * What opening a route downloads, walking the page the server answers the route with
 * (`routePagePath`): its stylesheet, its modulepreloads, its entry script and their static
 * imports, then each lazy chunk the router imports for the route (found by ROUTE_MARKERS) with its
 * static imports. `lazyChunks` says whether the page had already preloaded each of them.
 */
export async function measureRoute(route: RouteName, files?: WebFile[]) {
  const built = files ?? (await buildWeb());
  const text = new Map<string, string>();
  for (const file of built) text.set(file.urlPath, await file.blob.text());
  const read = (urlPath: string) => {
    const content = text.get(urlPath);
    if (content === undefined) throw new Error(`${urlPath} is referenced but was not built`);
    return content;
  };

  const loaded = new Map<string, Loaded>();
  const load = (urlPath: string, why: string) => {
    if (loaded.has(urlPath)) return false;
    const bytes = new TextEncoder().encode(read(urlPath));
    loaded.set(urlPath, { urlPath, why, bytes: bytes.length, gzipped: Bun.gzipSync(bytes).length });
    return true;
  };
  const dynamicTargets = new Set<string>();
  /** A script and, depth first, everything it imports statically (the browser fetches them before running it). */
  const loadScript = (urlPath: string, why: string) => {
    if (!load(urlPath, why)) return;
    const imports = importsOf(urlPath, read(urlPath));
    for (const target of imports.dynamic) dynamicTargets.add(target);
    for (const target of imports.static) loadScript(target, `imported by ${urlPath}`);
  };

  const pagePath = routePagePath(route);
  const html = read(pagePath);
  load(pagePath, "the page");
  const attr = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}=["']([^"']+)["']`))?.[1];
  const preloaded = new Set<string>();
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    const rel = attr(tag, "rel");
    const href = attr(tag, "href");
    if (!href) continue;
    if (rel === "stylesheet") load(resolveUrl(pagePath, href), `stylesheet in ${pagePath}`);
    if (rel === "modulepreload") {
      preloaded.add(resolveUrl(pagePath, href));
      loadScript(resolveUrl(pagePath, href), `modulepreload in ${pagePath}`);
    }
  }
  const entries = entryScripts(html, pagePath);
  if (entries.length === 0) throw new Error(`${pagePath} has no entry script`);
  for (const src of entries) loadScript(src, `entry script in ${pagePath}`);

  // The router's dynamic imports are the entry graph's.
  const entryGraph = new Set<string>();
  for (const entry of entries) staticClosure(read, entry, entryGraph);
  const entryDynamic = [...new Set([...entryGraph].flatMap((urlPath) => importsOf(urlPath, read(urlPath)).dynamic))];
  const lazyChunks = ROUTE_MARKERS[route].map((marker) => {
    const urlPath = chunkHolding(read, entryDynamic, marker);
    const closure = [...staticClosure(read, urlPath)];
    loadScript(urlPath, `lazy chunk holding "${marker}"`);
    return { marker, urlPath, preloaded: closure.every((file) => preloaded.has(file) || entryGraph.has(file)) };
  });
  // The portal speaks the customer's language: one catalog's first-paint part (src/shared/i18n) is
  // part of its first load, whichever the page's language is. Counted at the largest. Its later
  // part comes with the dialogs (listed on demand).
  if (route === "portal") {
    const size = (urlPath: string) => Bun.gzipSync(new TextEncoder().encode(read(urlPath))).length;
    const catalogs = [...dynamicTargets].filter((target) => read(target).includes(CATALOG_MARKER)).sort((a, b) => size(b) - size(a));
    if (catalogs.length === 0) throw new Error("No message catalog among the portal's imports: was the catalog marker renamed?");
    loadScript(catalogs[0]!, `the largest of ${catalogs.length} language catalogs (a page loads its language's)`);
  }

  const notLoaded = [...new Set([...dynamicTargets].filter((target) => !loaded.has(target)))];
  const rows = [...loaded.values()];
  const total = rows.reduce((sum, row) => sum + row.gzipped, 0);
  const totalJs = rows.filter((row) => row.urlPath.endsWith(".js")).reduce((sum, row) => sum + row.gzipped, 0);

  // What the route's own lazy imports (its dialogs) add when first used, beyond the above.
  const routeLazy = notLoaded.filter((target) => !entryDynamic.includes(target));
  const onDemand = routeLazy.map((target) => {
    const extra = [...staticClosure(read, target)].filter((urlPath) => !loaded.has(urlPath));
    const gzipped = extra.reduce((sum, urlPath) => sum + Bun.gzipSync(new TextEncoder().encode(read(urlPath))).length, 0);
    return { urlPath: target, files: extra.length, gzipped };
  });
  return { rows, total, totalJs, notLoaded, onDemand, lazyChunks, allFiles: built.length };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

if (import.meta.main) {
  const files = await buildWeb();
  const dashboard = await measureDashboardRoute(files);
  console.log(`/dashboard (a signed-in broker): ${kb(dashboard.totalJs)} of gzipped JavaScript (budget ${kb(DASHBOARD_BUDGET_BYTES)}), ${kb(dashboard.total)} with HTML and CSS\n`);
  const { rows, total, totalJs, notLoaded, onDemand } = await measurePortalRoute(files);
  console.log("Files a browser downloads to open /upload/{link}:\n");
  const width = Math.max(...rows.map((row) => row.urlPath.length));
  console.log(`${"file".padEnd(width)}  ${"raw".padStart(10)}  ${"gzipped".padStart(10)}  why`);
  for (const row of rows) {
    console.log(`${row.urlPath.padEnd(width)}  ${kb(row.bytes).padStart(10)}  ${kb(row.gzipped).padStart(10)}  ${row.why}`);
  }
  console.log(`\nJavaScript total: ${kb(totalJs)} gzipped (budget ${kb(BUDGET_BYTES)})`);
  console.log(`Everything (HTML + CSS + JavaScript): ${kb(total)} gzipped`);
  for (const chunk of onDemand) {
    console.log(`Loaded later, on first use of a portal dialog: ${chunk.urlPath} (+${chunk.files} file(s), ${kb(chunk.gzipped)} gzipped)`);
  }
  console.log(`Lazy chunks not downloaded when the route opens: ${notLoaded.length}`);
  for (const chunk of [...dashboard.lazyChunks, ...(await measurePortalRoute(files)).lazyChunks]) {
    if (!chunk.preloaded) console.error(`The route's page does not preload ${chunk.urlPath} ("${chunk.marker}") and all it imports.`);
  }
  if (dashboard.totalJs > DASHBOARD_BUDGET_BYTES) {
    console.error(`\n/dashboard's JavaScript is over budget by ${kb(dashboard.totalJs - DASHBOARD_BUDGET_BYTES)}.`);
    process.exit(1);
  }
  if (totalJs > BUDGET_BYTES) {
    console.error(`\nThe route's JavaScript is over budget by ${kb(totalJs - BUDGET_BYTES)}.`);
    process.exit(1);
  }
  console.log("Within budget.");
}
