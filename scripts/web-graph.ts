// The import graph of the built web app, read from the minified output with Bun's own parser
// (Bun.Transpiler.scanImports), so nothing is guessed from source files. buildWeb uses it to write
// each route's page with the route's chunks preloaded; scripts/measure-bundle.ts to measure them.

/** Text only a route's lazy chunk holds: it names that chunk among the entry's dynamic imports. */
// The portal's texts are in its message catalogs (src/shared/i18n): its header's marker names it.
export const PORTAL_MARKER = 'data-page-header":"portal"';
const BROKER_AREA_MARKER = "Open navigation menu";
const DASHBOARD_MARKER = "Track your customers and the documents they owe you.";

/**
 * The lazy chunks each route's first render imports, in the order the router asks for them.
 * "broker" is every broker screen's shell (the session check and the admin shell): the screens
 * other than the dashboard still load their own chunk after it.
 */
export const ROUTE_MARKERS = {
  portal: [PORTAL_MARKER],
  broker: [BROKER_AREA_MARKER],
  dashboard: [BROKER_AREA_MARKER, DASHBOARD_MARKER],
} as const;
export type RouteName = keyof typeof ROUTE_MARKERS;

const transpiler = new Bun.Transpiler({ loader: "js" });

export function resolveUrl(from: string, specifier: string): string {
  return new URL(specifier, `http://portal.local${from}`).pathname;
}

export function importsOf(urlPath: string, code: string) {
  const found = transpiler.scanImports(code);
  return {
    static: found.filter((i) => i.kind === "import-statement").map((i) => resolveUrl(urlPath, i.path)),
    dynamic: found.filter((i) => i.kind === "dynamic-import").map((i) => resolveUrl(urlPath, i.path)),
  };
}

/** `urlPath` and, depth first, everything it imports statically (what the browser fetches before running it). */
export function staticClosure(read: (urlPath: string) => string, urlPath: string, seen = new Set<string>()): Set<string> {
  if (seen.has(urlPath)) return seen;
  seen.add(urlPath);
  for (const next of importsOf(urlPath, read(urlPath)).static) staticClosure(read, next, seen);
  return seen;
}

/** The entry scripts a page names (`<script src>`), resolved. */
export function entryScripts(html: string, htmlPath = "/index.html"): string[] {
  return (html.match(/<script\b[^>]*>/g) ?? [])
    .map((tag) => tag.match(/\ssrc=["']([^"']+)["']/)?.[1])
    .filter((src): src is string => Boolean(src))
    .map((src) => resolveUrl(htmlPath, src));
}

/**
 * The lazy chunk holding `marker` among `dynamicTargets` (with what it imports statically).
 * Throws when none or several do, so a moved text fails the build instead of silently
 * preloading nothing.
 */
export function chunkHolding(read: (urlPath: string) => string, dynamicTargets: string[], marker: string): string {
  const candidates = dynamicTargets.filter((target) => [...staticClosure(read, target)].some((urlPath) => read(urlPath).includes(marker)));
  // A chunk imported by another candidate also "holds" the marker through its closure: keep the
  // one whose own text holds it, else the single candidate.
  const own = candidates.filter((target) => read(target).includes(marker));
  const chosen = own.length === 1 ? own : candidates;
  if (chosen.length !== 1) throw new Error(`${chosen.length} lazy chunks hold the marker "${marker}": ${chosen.join(", ") || "none"}`);
  return chosen[0]!;
}

/**
 * Every script a route's first render runs besides the entry: the entry's static imports, then
 * each of the route's lazy chunks and their static imports. These are what the route's page
 * preloads (`<link rel="modulepreload">`), so they download alongside the entry instead of one
 * round trip after another once each script has run.
 */
export function routeScripts(read: (urlPath: string) => string, html: string, route: RouteName): string[] {
  const entries = entryScripts(html);
  const entryGraph = new Set<string>();
  for (const entry of entries) staticClosure(read, entry, entryGraph);
  const dynamicTargets = [...new Set([...entryGraph].flatMap((urlPath) => importsOf(urlPath, read(urlPath)).dynamic))];
  const scripts = new Set([...entryGraph].filter((urlPath) => !entries.includes(urlPath)));
  for (const marker of ROUTE_MARKERS[route]) {
    for (const urlPath of staticClosure(read, chunkHolding(read, dynamicTargets, marker))) {
      if (!entryGraph.has(urlPath)) scripts.add(urlPath);
    }
  }
  return [...scripts];
}
