// The server's side of the catalogs: emails, the portal page's frame, anything the server writes
// in the customer's language. Every catalog is compiled once, at start.
import { setupI18n, type I18n } from "@lingui/core";
import type { MessageKey, MessageValues } from "./catalog";
import { compileCatalog } from "./compile";
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, LANGUAGES, type Language } from "./languages";

const instances = new Map<Language, I18n>(
  await Promise.all(
    LANGUAGE_CODES.map(async (language) => {
      const messages = compileCatalog((await LANGUAGES[language].catalog()).default);
      return [language, setupI18n({ locale: language, messages: { [language]: messages } })] as const;
    }),
  ),
);

/** A message in a language, its `{placeholders}` filled: translate("es", "portal.uploadSuccessful"). */
export function translate(language: Language, key: MessageKey, values?: MessageValues): string {
  return (instances.get(language) ?? instances.get(DEFAULT_LANGUAGE)!)._(key, values);
}
