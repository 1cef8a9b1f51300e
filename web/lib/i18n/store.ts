// The page's language: one @lingui/core instance holding the active language's compiled catalog
// (only that one is downloaded: each catalog is a chunk of its own).
// Loaded before the portal's first render (App.tsx's preloadRoute), switched in place (no reload).
// A catalog comes in two parts (src/shared/i18n/catalog.ts `partOf`): the first-paint part with
// the page, the later part (dialogs, sign-in, signing...) with the lazy code that shows it
// (`withLaterMessages`).
import { setupI18n } from "@lingui/core";
import type { CompiledCatalog, MessageKey, MessageValues } from "@shared/i18n/catalog";
import { DEFAULT_LANGUAGE, isLanguage, languageEntry, type Language } from "@shared/i18n/languages";
import { setLoadingLabel } from "./loading-label";

export type Translate = (key: MessageKey, values?: MessageValues) => string;

interface Active {
  language: Language;
  t: Translate;
}

const i18n = setupI18n();
let active: Active | null = null;
let pending: { language: Language; promise: Promise<Active> } | null = null;
/** Whether lazy code has asked for the later part: then every language switched to loads it too. */
let laterWanted = false;
const laterLoaded = new Map<Language, Promise<void>>();
const listeners = new Set<() => void>();

/**
 * The web build hands each catalog over compiled (scripts/i18n-plugin.ts). Under `bun test` the
 * source arrives instead; it is compiled here, in code the production build leaves out.
 */
async function compiled(catalog: unknown): Promise<CompiledCatalog> {
  const first = Object.values(catalog as object)[0];
  if (typeof first !== "object" || Array.isArray(first)) return catalog as CompiledCatalog;
  if (process.env.NODE_ENV === "production") throw new Error("A message catalog was not compiled at build time");
  const { compileCatalog } = await import("@shared/i18n/compile");
  return compileCatalog(catalog as Parameters<typeof compileCatalog>[0]);
}

/** The catalog module as the web build emits it: the first part, and the later part's loader. */
interface CatalogModule {
  default: unknown;
  later?: () => Promise<{ default: unknown }>;
}

/** A language's later part, loaded once (under `bun test` the whole catalog is the first part). */
function loadLater(language: Language): Promise<void> {
  let loaded = laterLoaded.get(language);
  if (!loaded) {
    loaded = (languageEntry(language).catalog() as Promise<CatalogModule>)
      .then(async (module) => {
        if (module.later) i18n.load(language, await compiled((await module.later()).default));
      })
      .catch((error: unknown) => {
        laterLoaded.delete(language); // tried again by the next lazy load (lazy-retrying's Try again)
        throw error;
      });
    laterLoaded.set(language, loaded);
  }
  return loaded;
}

async function load(language: Language): Promise<Active> {
  const catalog = (await languageEntry(language).catalog()) as CatalogModule;
  i18n.load(language, await compiled(catalog.default));
  // A dialog may be open: a switch shows it in the new language at once, not as message ids.
  if (laterWanted) await loadLater(language);
  // Each language's `t` is its own function, so components re-render on a switch.
  return { language, t: (key, values) => i18n._({ id: key, values }) };
}

/** The language the page starts in: the one the server wrote on <html lang>, else English. */
export function initialLanguage(): Language {
  const lang = typeof document === "undefined" ? "" : document.documentElement.lang;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

/** Downloads a language's catalog (once) and makes it the page's; resolves when it shows. */
export function activateLanguage(language: Language = active?.language ?? initialLanguage()): Promise<Active> {
  if (active?.language === language) return Promise.resolve(active);
  if (pending?.language === language) return pending.promise;
  const promise = load(language).then((next) => {
    if (pending?.promise !== promise) return next; // a later choice won
    pending = null;
    i18n.activate(language);
    active = next;
    document.documentElement.lang = language;
    // The spinner's label the server wrote for the first language, now this one's.
    setLoadingLabel(next.t("portal.loading"));
    for (const listener of listeners) listener();
    return next;
  });
  pending = { language, promise };
  promise.catch(() => {
    if (pending?.promise === promise) pending = null;
  });
  return promise;
}

/**
 * The page language's later part (dialogs, sign-in, signing...), loaded along with lazy code that
 * shows it: `lazyRetrying(withLaterMessages(() => import("./Dialog")))`. Code in the portal's
 * first paint uses only the first part's sections (FIRST_PAINT_SECTIONS).
 */
export function withLaterMessages<T>(loadModule: () => Promise<T>): () => Promise<T> {
  return async () => {
    laterWanted = true;
    const language = (await activateLanguage()).language;
    const [module] = await Promise.all([loadModule(), loadLater(language)]);
    return module;
  };
}

export const subscribeLanguage = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
export const activeLanguage = () => active;

/**
 * Whether the page's catalog has a message: a key the server sent (an error's code, a stored
 * sentence) may name one this build does not know; then the server's English is shown instead.
 */
export const knowsMessage = (key: string): boolean => Object.prototype.hasOwnProperty.call(i18n.messages, key);
