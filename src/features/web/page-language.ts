// The language a customer's page is written in, put into the page before it is sent: `lang` on
// <html> (screen readers, hyphenation, the browser's translate offer) and a modulepreload of that
// language's catalog chunk when the build made one (scripts/catalog-chunks.ts).
import { CATALOG_CHUNKS_FILE, modulePreloadTag } from "../../shared/page-preloads.ts";
import type { Language } from "../../shared/i18n/languages.ts";
import type { WebAssets } from "./assets.ts";
import { instanceState } from "../../lib/instance-state.ts";

const chunksOf = instanceState("catalog chunks", "per process", "read once from this process's own copy of the web app", new WeakMap<WebAssets, Promise<Record<string, string>>>());

async function catalogChunk(assets: WebAssets, language: Language): Promise<string | undefined> {
  let chunks = chunksOf.get(assets);
  if (!chunks) {
    const file = assets.get(CATALOG_CHUNKS_FILE);
    chunks = file ? file.text().then((text) => JSON.parse(text) as Record<string, string>) : Promise.resolve({});
    chunksOf.set(assets, chunks);
  }
  return (await chunks)[language];
}

/** The page with `lang` set and the language's catalog preloaded. */
export async function inLanguage(html: string, assets: WebAssets, language: Language): Promise<string> {
  const chunk = await catalogChunk(assets, language);
  const withLang = html.replace(/<html lang="[^"]*"/, `<html lang="${language}"`);
  return chunk ? withLang.replace("</head>", `${modulePreloadTag(chunk)}</head>`) : withLang;
}
