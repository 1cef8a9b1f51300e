// The web build's view of a catalog (src/shared/i18n/catalogs/*.ts): its messages compiled at
// build time (src/shared/i18n/compile.ts), so the browser gets ready-to-format messages and never
// the ICU parser. Emitted as JSON.parse of one string: quicker to parse than an object literal,
// and a test can swap the messages (tests/e2e/i18n-portal.test.ts). The sections only the server
// uses (emails) are left out: the portal's first load carries its language's catalog.
import type { BunPlugin } from "bun";
import type { Catalog } from "../src/shared/i18n/catalog";
import { compileCatalog } from "../src/shared/i18n/compile";

export const CATALOG_FILE = /[\\/]src[\\/]shared[\\/]i18n[\\/]catalogs[\\/][a-z-]+\.ts$/;
/** Sections the browser never shows: the server writes them (emails to customers). */
const SERVER_ONLY_SECTIONS: (keyof Catalog)[] = ["emails"];

export function browserCatalog(catalog: Catalog): Record<string, unknown> {
  const browser = Object.fromEntries(Object.entries(catalog).filter(([section]) => !SERVER_ONLY_SECTIONS.includes(section as keyof Catalog))) as Catalog;
  return compileCatalog(browser);
}

export const compiledCatalogs: BunPlugin = {
  name: "compiled-catalogs",
  setup(build) {
    build.onLoad({ filter: CATALOG_FILE }, async ({ path }) => {
      const catalog = ((await import(path)) as { default: Catalog }).default;
      const json = JSON.stringify(browserCatalog(catalog));
      return { contents: `export default JSON.parse(${JSON.stringify(json)});`, loader: "js" };
    });
  },
};
