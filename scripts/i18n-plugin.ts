// The web build's view of a catalog (src/shared/i18n/catalogs/*.ts): its messages compiled at
// build time (src/shared/i18n/compile.ts), so the browser gets ready-to-format messages and never
// the ICU parser. Emitted as JSON.parse of one string: quicker to parse than an object literal,
// and a test can swap the messages (tests/e2e/i18n-portal.test.ts). The sections only the server
// uses (emails) are left out: the portal's first load carries its language's catalog.
import type { BunPlugin } from "bun";
import type { Catalog, CompiledCatalog } from "../src/shared/i18n/catalog";
import { compileCatalog } from "../src/shared/i18n/compile";

export const CATALOG_FILE = /[\\/]src[\\/]shared[\\/]i18n[\\/]catalogs[\\/][a-z-]+\.ts$/;
/**
 * The messages a browser gets: the catalog without its server-only `emails` section (the emails'
 * words, about 1.2 KB gzipped per language, which the portal never shows), compiled.
 */
export function browserMessages(catalog: Catalog): CompiledCatalog {
  const { emails: _serverOnly, ...shown } = catalog;
  return compileCatalog(shown as Catalog);
}

export const compiledCatalogs: BunPlugin = {
  name: "compiled-catalogs",
  setup(build) {
    build.onLoad({ filter: CATALOG_FILE }, async ({ path }) => {
      const catalog = ((await import(path)) as { default: Catalog }).default;
      const json = JSON.stringify(browserMessages(catalog));
      return { contents: `export default JSON.parse(${JSON.stringify(json)});`, loader: "js" };
    });
  },
};
