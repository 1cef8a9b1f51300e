// The message catalogs (src/shared/i18n): every language has every message of English's, with the
// same placeholders, each one valid ICU; the server's translate() fills values and plurals.
import { describe, expect, test } from "bun:test";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { flattenCatalog, type MessageKey } from "../../src/shared/i18n/catalog";
import { LANGUAGE_CODES, LANGUAGES, matchLanguage } from "../../src/shared/i18n/languages";
import { translate } from "../../src/shared/i18n/translate";
import { describeRules, STANDARD_ACCEPTANCE_RULES, type AcceptanceRules } from "../../src/shared/acceptance-rules";
import { ruleLines } from "../../web/features/portal/rule-lines";
import { CUSTOM_DOCUMENT_DESCRIPTION, STANDARD_DOCUMENTS } from "../../src/shared/documents";
import en from "../../src/shared/i18n/catalogs/en";
import { documentInLanguage } from "../../src/shared/i18n/standard-documents";

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

test("translate() gives the message in the language asked for, its values filled", () => {
  expect(translate("en", "upload.successful")).toBe("Upload Successful");
  expect(translate("es", "upload.successful")).toBe("Documento enviado");
  expect(translate("es", "upload.successfulText", { name: "Paystub" })).toBe("Recibimos Paystub; su asesor lo revisará.");
  expect(translate("en", "portal.uploadedOf", { uploaded: 1, total: 3, percent: 33 })).toBe("1 of 3 uploaded · 33%");
});

test("matchLanguage() reads a tag or an Accept-Language header by quality, null when none is supported", () => {
  expect(matchLanguage("es-MX,es;q=0.9,en;q=0.8")).toBe("es");
  expect(matchLanguage("fr-FR, en;q=0.5, es;q=0.7")).toBe("es");
  expect(matchLanguage("en-US")).toBe("en");
  expect(matchLanguage("fr, de;q=0.5")).toBeNull();
  expect(matchLanguage("es;q=0, en")).toBe("en");
  expect(matchLanguage("")).toBeNull();
});

// English is SPEC.md's words: each message the SPEC names is found in it, word for word (a value
// such as {text} stands for the SPEC's "(text)"). Read from the SPEC: shared/SPEC.md beside the
// repository (or beside a folder of work trees) where there is one, else the copy in
// tests/files/spec/ (a clean checkout in CI has only the repository); where both are, they must agree.
const SPEC_COPY = join(import.meta.dir, "../files/spec/SPEC.md");
function sharedSpecPath(): string | null {
  for (let dir = join(import.meta.dir, "../.."); dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, "..", "shared", "SPEC.md"))) return join(dir, "..", "shared", "SPEC.md");
  }
  return null;
}
const shared = sharedSpecPath();
test.if(shared !== null)("the copy of SPEC.md in tests/files/spec is the shared SPEC.md, word for word", () => {
  expect(readFileSync(SPEC_COPY, "utf8")).toBe(readFileSync(shared!, "utf8"));
});
const spec = readFileSync(shared ?? SPEC_COPY, "utf8").replace(/\s+/g, " ");
const inSpec = (text: string) => new RegExp(text.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{\w+\\?\}/g, "\\([^)]*\\)")).test(spec);
const SPEC_MESSAGES: (MessageKey | [MessageKey, MessageKey])[] = [
  "portal.dashboardTitle",
  "portal.invalidAccess",
  "portal.invalidLink",
  "portal.tryAgain",
  "portal.signIn",
  "portal.uploadStatus",
  "portal.approvalStatus",
  "portal.requiredDocuments",
  "portal.sharedDocuments",
  "portal.view",
  "portal.download",
  "upload.successful",
  "upload.failed",
  "upload.failedText",
  ["upload.customerNotFound", "upload.customerNotFoundText"],
  ["upload.noFile", "upload.noFileText"],
  "statuses.approved",
];

test.each(SPEC_MESSAGES.map((keys) => [String(keys), keys] as const))("English %s is SPEC.md's text", (_, keys) => {
  const text = Array.isArray(keys) ? keys.map((key) => english[key]).join(" - ") : english[keys];
  expect({ text, inSpec: inSpec(text) }).toEqual({ text, inSpec: true });
});

test("the portal's rule lines in English are the server's describeRules, word for word", () => {
  const english = (key: MessageKey, values?: Record<string, string | number>) => translate("en", key, values);
  const sets: AcceptanceRules[] = [
    STANDARD_ACCEPTANCE_RULES,
    { ...STANDARD_ACCEPTANCE_RULES, kinds: ["pdf"], minPages: 2, maxPages: 2 },
    { ...STANDARD_ACCEPTANCE_RULES, kinds: ["pdf"], minPages: 1, maxPages: 5, noPassword: false },
    { ...STANDARD_ACCEPTANCE_RULES, kinds: ["image"], minImageShortSide: 600, minImageLongSide: 900 },
  ];
  for (const rules of sets) expect(ruleLines(rules, english)).toEqual(describeRules(rules));
  expect(ruleLines(sets[1]!, (key, values) => translate("es", key, values))).toContain("PDF: exactamente 2 páginas");
});

describe("the standard documents (src/shared/i18n/standard-documents.ts)", () => {
  const inLanguage =
    (language: "en" | "es") =>
    <D extends { name: string; description?: string | null }>(doc: D) =>
      documentInLanguage(doc, (key) => translate(language, key));

  test("English's standardDocuments are STANDARD_DOCUMENTS, word for word, and each one is found", () => {
    const { customDescription, ...standard } = en.standardDocuments;
    expect(Object.values(standard)).toEqual([...STANDARD_DOCUMENTS]);
    expect(customDescription).toBe(CUSTOM_DOCUMENT_DESCRIPTION);
    for (const doc of STANDARD_DOCUMENTS) expect(inLanguage("en")(doc)).toEqual(doc);
  });

  test("in Spanish every standard name and description is Spanish; the broker's own words stay as written", () => {
    const spanish = STANDARD_DOCUMENTS.map(inLanguage("es"));
    spanish.forEach((doc, i) => {
      expect(doc.name).not.toBe(STANDARD_DOCUMENTS[i]!.name);
      expect(doc.description).not.toBe(STANDARD_DOCUMENTS[i]!.description);
    });
    expect(new Set(spanish.map((d) => d.name)).size).toBe(STANDARD_DOCUMENTS.length);
    expect(inLanguage("es")({ name: "Paystub", description: "Recent pay stubs or salary statements" })).toEqual({ name: "Talón de pago", description: "Talones de pago recientes o comprobantes de salario" });
    // A standard name with the broker's description, and the broker's name with a standard description.
    expect(inLanguage("es")({ name: "Paystub", description: "The last two, please" })).toEqual({ name: "Talón de pago", description: "The last two, please" });
    expect(inLanguage("es")({ name: "Pay stubs 2024", description: "Recent pay stubs or salary statements" })).toEqual({ name: "Pay stubs 2024", description: "Talones de pago recientes o comprobantes de salario" });
    // Only the standard spelling: "paystub" typed by the broker is theirs.
    expect(inLanguage("es")({ name: "paystub", description: null })).toEqual({ name: "paystub", description: null });
    expect(inLanguage("es")({ name: "W-2", description: CUSTOM_DOCUMENT_DESCRIPTION })).toEqual({ name: "W-2", description: "Documento adicional" });
    const own = { id: "d1", name: "W-2 2024", description: "From each employer" };
    expect(inLanguage("es")(own)).toBe(own);
    expect(inLanguage("es")({ id: "d2", name: "Photo ID", extra: 1 })).toEqual({ id: "d2", name: "Identificación con foto", extra: 1 });
  });
});
