// ICU messages to @lingui/core's compiled form. Runs at build time for the browser
// (scripts/i18n-plugin.ts) and on the server (translate.ts), never in the customer's browser:
// the ICU parser would add about 7.5 KB gzipped to the portal's first load.
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { flattenCatalog, type Catalog, type CompiledCatalog } from "./catalog";

export function compileCatalog(catalog: Catalog): CompiledCatalog {
  const compiled: CompiledCatalog = {};
  for (const [key, message] of Object.entries(flattenCatalog(catalog))) compiled[key] = compileMessage(message);
  return compiled;
}
