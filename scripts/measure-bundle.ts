// What a customer's phone downloads to open /upload/{link}: builds the web app exactly as the
// server does (buildWeb), then walks the output the way a browser would:
//   index.html → its stylesheet and entry script → every chunk the entry imports statically
//   → the portal route's lazy chunk (the dynamic import the router triggers) → its static imports.
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
import { buildWeb, type WebFile } from "./build-web.ts";

export const BUDGET_BYTES = 150 * 1024;
/** The broker dashboard's budget (issue 14): the broker area's shell and the dashboard screen. */
export const DASHBOARD_BUDGET_BYTES = 250 * 1024;
/** Text that only the portal route's chunk holds: it names the lazy chunk among the dynamic imports. */
const PORTAL_MARKER = "Please use the invitation link sent to your email";
/** The lazy chunks /dashboard loads, in order: the broker area (session check, shell), then the screen. */
const DASHBOARD_MARKERS = ["Open navigation menu", "Track your customers and the documents they owe you."];

interface Loaded {
  urlPath: string;
  why: string;
  bytes: number;
  gzipped: number;
}

const transpiler = new Bun.Transpiler({ loader: "js" });

function resolveUrl(from: string, specifier: string): string {
  return new URL(specifier, `http://portal.local${from}`).pathname;
}

function importsOf(urlPath: string, code: string) {
  const found = transpiler.scanImports(code);
  return {
    static: found.filter((i) => i.kind === "import-statement").map((i) => resolveUrl(urlPath, i.path)),
    dynamic: found.filter((i) => i.kind === "dynamic-import").map((i) => resolveUrl(urlPath, i.path)),
  };
}

export const measurePortalRoute = (files?: WebFile[]) => measureRoute([PORTAL_MARKER], files);
export const measureDashboardRoute = (files?: WebFile[]) => measureRoute(DASHBOARD_MARKERS, files);

/** What opening a route downloads: the entry graph, then each lazy chunk holding one of `markers`, in order. */
export async function measureRoute(markers: string[], files?: WebFile[]) {
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

  const html = read("/index.html");
  load("/index.html", "the page");
  const attr = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}=["']([^"']+)["']`))?.[1];
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    const rel = attr(tag, "rel");
    const href = attr(tag, "href");
    if (!href) continue;
    if (rel === "stylesheet") load(resolveUrl("/index.html", href), "stylesheet in index.html");
    if (rel === "modulepreload") loadScript(resolveUrl("/index.html", href), "modulepreload in index.html");
  }
  const entries = (html.match(/<script\b[^>]*>/g) ?? []).map((tag) => attr(tag, "src")).filter((src): src is string => Boolean(src));
  if (entries.length === 0) throw new Error("index.html has no entry script");
  for (const src of entries) loadScript(resolveUrl("/index.html", src), "entry script in index.html");

  const entryDynamic = [...dynamicTargets];
  /** A lazy chunk and what it imports statically (minus what is already loaded). */
  const closure = (urlPath: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(urlPath) || loaded.has(urlPath)) return seen;
    seen.add(urlPath);
    for (const next of importsOf(urlPath, read(urlPath)).static) closure(next, seen);
    return seen;
  };
  for (const marker of markers) {
    const holdsMarker = (target: string) => [...closure(target)].some((urlPath) => read(urlPath).includes(marker));
    const candidates = entryDynamic.filter((target) => !loaded.has(target) && holdsMarker(target));
    if (candidates.length > 1) throw new Error(`Several lazy chunks hold the marker "${marker}": ${candidates.join(", ")}`);
    const routeChunk = candidates[0];
    if (!routeChunk) {
      // The route is in the entry graph itself (no route splitting) or the marker moved.
      const inEntry = [...loaded.keys()].some((urlPath) => read(urlPath).includes(marker));
      if (!inEntry) throw new Error(`No chunk holds the marker "${marker}"`);
    } else {
      loadScript(routeChunk, marker === PORTAL_MARKER ? "the portal route (lazy, loaded by the router)" : `lazy chunk holding "${marker}"`);
    }
  }

  const notLoaded = [...new Set([...dynamicTargets].filter((target) => !loaded.has(target)))];
  const rows = [...loaded.values()];
  const total = rows.reduce((sum, row) => sum + row.gzipped, 0);
  const totalJs = rows.filter((row) => row.urlPath.endsWith(".js")).reduce((sum, row) => sum + row.gzipped, 0);

  // What the portal's own lazy imports (its dialogs) add when first used, beyond the above.
  const portalLazy = [...dynamicTargets].filter((target) => !entryDynamic.includes(target) && !loaded.has(target));
  const onDemand = portalLazy.map((target) => {
    const extra = closure(target);
    const gzipped = [...extra].reduce((sum, urlPath) => sum + Bun.gzipSync(new TextEncoder().encode(read(urlPath))).length, 0);
    return { urlPath: target, files: extra.size, gzipped };
  });
  return { rows, total, totalJs, notLoaded, onDemand, allFiles: built.length };
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
