// Which built chunk holds which language's catalog, written beside the web app as
// CATALOG_CHUNKS_FILE: the server preloads the one catalog a customer's page shows
// (src/features/web/routes.ts), so the language arrives with the entry instead of one round trip
// after it. A chunk is recognised by the messages it parses (the first-paint part as
// i18n-plugin.ts gives it to the browser, compared whole), never by its name; a catalog folded into
// another chunk is not listed, and its page then preloads none.
import { CATALOG_CHUNKS_FILE } from "../src/shared/page-preloads.ts";
import { browserMessages } from "./i18n-plugin.ts";
import { LANGUAGE_CODES, LANGUAGES } from "../src/shared/i18n/languages.ts";

/** One built file, as build-web.ts lists them. */
interface WebFile {
  urlPath: string;
  blob: Blob;
}

/** Every catalog has this key; a chunk without it is no catalog. */
const CATALOG_KEY = "languageSwitcher.label";

/** The messages a chunk's `JSON.parse("…")` holds (the plugin's output; our own build's code), else null. */
function parsedMessages(code: string): unknown {
  const literal = /JSON\.parse\((["'`])((?:\\.|(?!\1)[^\\])*)\1\)/.exec(code);
  if (!literal) return null;
  try {
    return JSON.parse(new Function(`return ${literal[1]}${literal[2]}${literal[1]}`)() as string);
  } catch {
    return null;
  }
}

export async function catalogChunks(files: WebFile[]): Promise<WebFile> {
  const wanted = new Map<string, string>();
  for (const language of LANGUAGE_CODES) wanted.set(JSON.stringify(browserMessages((await LANGUAGES[language].catalog()).default)), language);
  const found: Record<string, string> = {};
  for (const file of files) {
    if (!file.urlPath.endsWith(".js")) continue;
    const code = await file.blob.text();
    if (!code.includes(CATALOG_KEY)) continue;
    const language = wanted.get(JSON.stringify(parsedMessages(code)));
    if (language) found[language] = file.urlPath;
  }
  return { urlPath: CATALOG_CHUNKS_FILE, blob: new Blob([JSON.stringify(found)], { type: "application/json" }) };
}
