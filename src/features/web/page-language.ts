// The language a customer's page is written in, put into the page before it is sent: `lang` on
// <html> (screen readers, hyphenation, the browser's translate offer), the frame it paints before
// its scripts run and the spinner's label while they load (src/shared/page-frame.ts), and a
// modulepreload of that language's catalog chunk when the build made one (scripts/catalog-chunks.ts).
import { escapeHtml } from "../../lib/html.ts";
import type { MessageKey } from "../../shared/i18n/catalog.ts";
import type { Language } from "../../shared/i18n/languages.ts";
import { translate } from "../../shared/i18n/translate.ts";
import { LOADING_LABEL_ATTRIBUTE, plainFrame, portalFrame } from "../../shared/page-frame.ts";
import { CATALOG_CHUNKS_FILE, modulePreloadTag } from "../../shared/page-preloads.ts";
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

const sayHtml = (language: Language) => (key: MessageKey) => escapeHtml(translate(language, key));

/** The build's English frame (either one the page has) in `language`. */
function frameIn(html: string, language: Language): string {
  const [english, say] = [sayHtml("en"), sayHtml(language)];
  return html.replace(portalFrame(english), () => portalFrame(say)).replace(plainFrame(english), () => plainFrame(say));
}

/** The page with `lang` set, its frame and loading label in the language, and the language's catalog preloaded. */
export async function inLanguage(html: string, assets: WebAssets, language: Language): Promise<string> {
  const chunk = await catalogChunk(assets, language);
  const withLang = frameIn(html, language).replace(/<html lang="[^"]*"/, `<html lang="${language}" ${LOADING_LABEL_ATTRIBUTE}="${sayHtml(language)("portal.loading")}"`);
  return chunk ? withLang.replace("</head>", `${modulePreloadTag(chunk)}</head>`) : withLang;
}
