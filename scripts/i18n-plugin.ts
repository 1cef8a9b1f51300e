// The web build's view of a catalog (src/shared/i18n/catalogs/*.ts): its messages compiled at
// build time (src/shared/i18n/compile.ts), so the browser gets ready-to-format messages and never
// the ICU parser. Each catalog becomes two chunks (src/shared/i18n/catalog.ts `partOf`): the
// first-paint part, which the portal's page preloads, and the later part (dialogs, sign-in,
// signing...), imported by the first only when lazy code asks for it. Each is emitted as JSON.parse
// of one string: quicker to parse than an object literal, and a test can swap the messages
// (tests/e2e/i18n-portal.test.ts). The server-only `emails` section is left out.
import type { BunPlugin } from "bun";
import { partOf, type Catalog, type CatalogPart, type CompiledCatalog } from "../src/shared/i18n/catalog";
import { compileCatalog } from "../src/shared/i18n/compile";

export const CATALOG_FILE = /[\\/]src[\\/]shared[\\/]i18n[\\/]catalogs[\\/][a-z-]+\.ts$/;
/** The later part's module: the catalog file's path behind this prefix (resolved by the plugin). */
const LATER_PREFIX = "i18n-later:";
/** …and the path it resolves to: the catalog file's, marked (no such file; the plugin makes it). */
const LATER_SUFFIX = ".later";

/** The messages of one part as a browser gets them, compiled. */
export function browserMessages(catalog: Catalog, part: CatalogPart = "first"): CompiledCatalog {
  const sections = Object.fromEntries(Object.entries(catalog).filter(([section]) => partOf(section) === part));
  return compileCatalog(sections as Catalog);
}

/**
 * How a built chunk holding a part is recognised (measure-bundle.ts, the tests): the JSON of its
 * first message key, which only a compiled catalog starts with ('{"portal.dashboardTitle":').
 */
export function partMarker(catalog: Catalog, part: CatalogPart): string {
  const first = Object.keys(browserMessages(catalog, part))[0];
  if (!first) throw new Error(`The catalog has no ${part} part`);
  return `{${JSON.stringify(first)}:`;
}

const parsed = (messages: CompiledCatalog) => `JSON.parse(${JSON.stringify(JSON.stringify(messages))})`;

export const compiledCatalogs: BunPlugin = {
  name: "compiled-catalogs",
  setup(build) {
    build.onLoad({ filter: CATALOG_FILE }, async ({ path }) => {
      const catalog = ((await import(path)) as { default: Catalog }).default;
      const later = JSON.stringify(`${LATER_PREFIX}${path}`);
      return { contents: `export default ${parsed(browserMessages(catalog))};\nexport const later = () => import(${later});`, loader: "js" };
    });
    build.onResolve({ filter: new RegExp(`^${LATER_PREFIX}`) }, ({ path }) => ({ path: `${path.slice(LATER_PREFIX.length)}${LATER_SUFFIX}` }));
    build.onLoad({ filter: new RegExp(`${LATER_SUFFIX.replace(".", "\\.")}$`) }, async ({ path }) => {
      const catalog = ((await import(path.slice(0, -LATER_SUFFIX.length))) as { default: Catalog }).default;
      return { contents: `export default ${parsed(browserMessages(catalog, "later"))};`, loader: "js" };
    });
  },
};
