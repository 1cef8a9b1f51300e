// The Spanish catalog keeps to the glossary at the top of catalogs/es.ts in every section, a new one
// too: no English left but names and acronyms, Spanish's opening ¿ and ¡, one verb for "upload",
// and none of the words that misread for a borrower or guess the customer's gender.
import { expect, test } from "bun:test";
import { flattenCatalog } from "../../src/shared/i18n/catalog";
import en from "../../src/shared/i18n/catalogs/en";
import es from "../../src/shared/i18n/catalogs/es";
import { translate } from "../../src/shared/i18n/translate";
import { brokerNames } from "../../src/shared/portal-welcome";
import { welcomeHtml } from "../../src/features/web/portal-frame";

const english: Record<string, string> = flattenCatalog(en);
const spanish: Record<string, string> = flattenCatalog(es);

/** A whole word (or words), accents and ñ counted as letters. */
const words = (pattern: string) => new RegExp(`(?<!\\p{L})(?:${pattern})(?!\\p{L})`, "iu");

/** Off the glossary: the word, why, and the messages where it means something else. */
const OFF_GLOSSARY: { pattern: RegExp; why: string; except?: string[] }[] = [
  // "Subir la página": move a photographed page up.
  { pattern: words("sub(ir|a|an|e|irlo|irlos|alo|ido|idos|ida)|súbalo|cargar|cargue"), why: "upload is «enviar»", except: ["capture.moveUp"] },
  // "no lo reenvíe": do not forward the invitation.
  { pattern: words("reenv[ií]\\p{L}*"), why: "re-submit is «volver a enviar»; «reenviar» is forward", except: ["emails.invitationFooter"] },
  // "Envíe el documento otra vez": a re-submit says «volver a enviar», as statuses and emails do.
  { pattern: words("env[ií]\\p{L}*\\s+(?:\\S+\\s+){0,2}otra vez"), why: "re-submit is «volver a enviar», not «enviar … otra vez»" },
  { pattern: words("reportes? de crédito"), why: "credit report is «informe de crédito» (the glossary says why)" },
  { pattern: words("vencid[oa]s?"), why: "overdue is «atrasado» («vencido» on a document's row reads as an expired ID)" },
  { pattern: words("lo invitó|la invitó|le invita|le invitó|(?<!la )bienvenid[oa]s?|verle|verlo de nuevo"), why: "the customer's gender is unknown: «le pide», «Invitación de», «Le damos la bienvenida»" },
];

test("every message is in Spanish: only names and acronyms read as in English", () => {
  // "FHA", "PDF", "Jumbo" (a loan's name): the same in both languages; so is a message with no
  // words of its own ('"{keyword}"', "{documentName}: {reason}").
  const noWords = (message: string) => !/\p{L}/u.test(message.replace(/\{[^{}]*\}/g, ""));
  const nameOrAcronym = (message: string) => /^[A-Z0-9\s\-/().,#]+$/.test(message) || message === "Jumbo" || noWords(message);
  const englishLeft = Object.keys(english).filter((key) => spanish[key] === english[key] && !nameOrAcronym(spanish[key]!));
  expect(englishLeft).toEqual([]);
});

test("a question opens with ¿ and an exclamation with ¡", () => {
  const count = (text: string, mark: string) => text.split(mark).length - 1;
  const unopened = Object.entries(spanish)
    .filter(([, message]) => count(message, "?") !== count(message, "¿") || count(message, "!") !== count(message, "¡"))
    .map(([key]) => key);
  expect(unopened).toEqual([]);
});

test.each(OFF_GLOSSARY.map((rule) => [rule.why, rule] as const))("the glossary: %s", (_, rule) => {
  const found = Object.entries(spanish)
    .filter(([key, message]) => rule.pattern.test(message) && !rule.except?.includes(key))
    .map(([key, message]) => `${key}: ${message}`);
  expect(found).toEqual([]);
});

test("the brokers who ask are listed in the page's language: «y» becomes «e» before an I sound", () => {
  const brokers = (...names: string[]) => names.map((name, i) => ({ id: `b${i}`, name }));
  const es = (key: Parameters<typeof translate>[1]) => translate("es", key);
  const en = (key: Parameters<typeof translate>[1]) => translate("en", key);
  expect(brokerNames(brokers("Ana", "Isabel"), es, "es")).toBe("Ana e Isabel");
  expect(brokerNames(brokers("Ana", "Hilda"), es, "es")).toBe("Ana e Hilda");
  expect(brokerNames(brokers("Ana", "Beatriz"), es, "es")).toBe("Ana y Beatriz");
  expect(brokerNames(brokers("Ana", "Beatriz", "Inés"), es, "es")).toBe("Ana, Beatriz e Inés");
  expect(brokerNames(brokers("Ann", "Bob"), en, "en")).toBe("Ann and Bob");
  expect(brokerNames(brokers("Ann"), en, "en")).toBe("Ann");
  // Nobody to name (blank names too): the catalog's "your broker".
  expect(brokerNames(brokers(" "), es, "es")).toBe("su asesor");
  expect(welcomeHtml({ name: "Luis", brokers: brokers("Ana", "Isabel") }, "es")).toContain("solicitados por Ana e Isabel.");
});
