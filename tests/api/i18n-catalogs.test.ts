// The message catalogs (src/shared/i18n): every language has every message of English's, with the
// same placeholders, each one valid ICU; the server's translate() fills values and plurals.
import { describe, expect, test } from "bun:test";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { flattenCatalog } from "../../src/shared/i18n/catalog";
import { LANGUAGE_CODES, LANGUAGES, matchLanguage } from "../../src/shared/i18n/languages";
import { translate } from "../../src/shared/i18n/translate";

const catalogs = Object.fromEntries(
  await Promise.all(LANGUAGE_CODES.map(async (language) => [language, flattenCatalog((await LANGUAGES[language].catalog()).default)] as const)),
);
const english = catalogs.en!;

/** The names a message's placeholders use, "{name}" and "{count, plural, ...}", sorted. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: unknown) => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (!Array.isArray(token)) continue;
      names.add(token[0] as string);
      if (token[2] && typeof token[2] === "object") for (const branch of Object.values(token[2] as object)) walk(branch);
    }
  };
  walk(compileMessage(message));
  return [...names].sort();
}

describe.each(LANGUAGE_CODES)("the %s catalog", (language) => {
  const catalog = catalogs[language]!;
  test("has exactly English's keys", () => {
    expect(Object.keys(catalog).sort()).toEqual(Object.keys(english).sort());
  });
  test("every message is valid ICU with English's placeholders, and none is empty", () => {
    for (const [key, message] of Object.entries(catalog)) {
      expect({ key, empty: message.trim() === "" }).toEqual({ key, empty: false });
      expect({ key, placeholders: placeholders(message) }).toEqual({ key, placeholders: placeholders(english[key as keyof typeof english]) });
    }
  });
});

test("translate() gives the message in the language asked for", () => {
  expect(translate("en", "portal.uploadSuccessful")).toBe("Upload Successful");
  expect(translate("es", "portal.uploadSuccessful")).toBe("Documento enviado");
});

test("matchLanguage() reads a tag or an Accept-Language header by quality, null when none is supported", () => {
  expect(matchLanguage("es-MX,es;q=0.9,en;q=0.8")).toBe("es");
  expect(matchLanguage("fr-FR, en;q=0.5, es;q=0.7")).toBe("es");
  expect(matchLanguage("en-US")).toBe("en");
  expect(matchLanguage("fr, de;q=0.5")).toBeNull();
  expect(matchLanguage("es;q=0, en")).toBe("en");
  expect(matchLanguage("")).toBeNull();
});
