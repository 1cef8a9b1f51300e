// The i18n e2e tests' tools (tests/e2e/i18n-portal.test.ts, i18n-signing.test.ts): the pseudo-locale
// (the English catalog's chunks swapped on their way to the browser for ones whose every message is
// marked ⟦…⟧ and accented, so text that did not come from the catalog shows up unmarked) and the
// layout check of a phone screen (nothing wider than the screen, no text cut).
import type { Page } from "playwright-core";
import { partMarker } from "../../scripts/i18n-plugin.ts";
import en from "../../src/shared/i18n/catalogs/en.ts";

/** What a built chunk holding a catalog part starts its messages with (scripts/i18n-plugin.ts). */
export const FIRST_PART = partMarker(en, "first");
const LATER_PART = partMarker(en, "later");

/** Widths that do not fit: the page wider than the screen, or a button or badge whose text is cut. */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) problems.push(`page ${root.scrollWidth} px wide on a ${root.clientWidth} px screen`);
    for (const element of document.querySelectorAll<HTMLElement>("button, a, select, label, h1, h2, h3, [class*='rounded-full']")) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || element.closest("[aria-hidden='true'], .sr-only")) continue;
      if (element.scrollWidth > element.clientWidth + 1) problems.push(`cut: ${element.tagName} "${element.textContent?.trim()}"`);
      if (box.right > root.clientWidth + 1) problems.push(`off screen: ${element.tagName} "${element.textContent?.trim()}"`);
    }
    return problems;
  });
}

const ACCENTS: Record<string, string> = { a: "á", e: "é", i: "í", o: "ó", u: "ú", A: "Á", E: "É", I: "Í", O: "Ó", U: "Ú", n: "ñ", c: "ç", s: "š", S: "Š" };
/** A message's text as the pseudo-locale writes it (rich text's <0> tags kept). */
export const accented = (text: string) => text.replace(/<\/?\d+>|./g, (ch) => (ch.length > 1 ? ch : (ACCENTS[ch] ?? ch)));

/** Every message of a compiled catalog marked ⟦…⟧ and accented; placeholders are left as they are. */
function pseudo(catalog: Record<string, string | unknown[]>): Record<string, unknown[]> {
  const tokens = (list: unknown[]): unknown[] =>
    list.map((token) => {
      if (typeof token === "string") return accented(token);
      const [name, type, format] = token as [string, string?, Record<string, unknown[]>?];
      return format && typeof format === "object" ? [name, type, Object.fromEntries(Object.entries(format).map(([k, v]) => [k, tokens(v)]))] : token;
    });
  // A message without values is its plain text (scripts/i18n-plugin.ts).
  return Object.fromEntries(Object.entries(catalog).map(([key, message]) => [key, ["⟦", ...tokens(typeof message === "string" ? [message] : message), "⟧"]]));
}

/** The compiled catalog's chunk with its messages swapped (scripts/i18n-plugin.ts: JSON.parse of one string). */
function pseudoChunk(body: string): string {
  const literal = /JSON\.parse\((["'`])((?:\\.|(?!\1)[^\\])*)\1\)/.exec(body);
  if (!literal) throw new Error("the catalog chunk is not JSON.parse of a string");
  const json = new Function(`return ${literal[1]}${literal[2]}${literal[1]}`)() as string;
  return body.replace(literal[0], () => `JSON.parse(${JSON.stringify(JSON.stringify(pseudo(JSON.parse(json))))})`);
}

/** Swaps the English catalog's chunks for the pseudo-locale's on their way to `page`; says how many were. */
export async function pseudoCatalogs(page: Page): Promise<() => number> {
  let swapped = 0;
  await page.route("**/assets/*.js", async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (!body.includes(FIRST_PART) && !body.includes(LATER_PART)) return route.fulfill({ response, body });
    swapped++;
    return route.fulfill({ response, body: pseudoChunk(body) });
  });
  return () => swapped;
}

/** The page's visible texts and labels that are not the catalog's (⟦…⟧) nor the customer's data. */
export async function textsOutsideCatalog(page: Page, customerData: string[]): Promise<string[]> {
  // `customerData`: the customer's own (names, documents, the broker, emails), not the catalog's.
  // Dates are written by Intl in the page's language. React Aria writes its own few words (a
  // panel's hidden "Dismiss") in the page's language (I18nProvider), from its own dictionaries.
  const data = [...customerData, "Dismiss"].sort((a, b) => b.length - a.length);
  return page.evaluate((data) => {
    const found: string[] = [];
    const check = (text: string, where: string) => {
      // A message inside another's values (a field's name in a refusal) is marked inside it: innermost first.
      let rest = text;
      while (/⟦[^⟦⟧]*⟧/.test(rest)) rest = rest.replace(/⟦[^⟦⟧]*⟧/g, " ");
      rest = rest.replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g, " ").replace(/\b[A-Z][a-z]{2} \d{1,2}, \d{4}( at \d{1,2}:\d{2} [AP]M)?/g, " ");
      for (const d of data) rest = rest.split(d).join(" ");
      if (/[A-Za-z]{2,}/.test(rest)) found.push(`${where}: ${text.trim()}`);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      let parent = node.parentElement!;
      if (!node.textContent?.trim() || parent.closest("script, style, [hidden], [translate='no']")) continue;
      // A message's <0>…</0> part (rich()): its words are the message's, checked with it.
      while (["STRONG", "EM", "B"].includes(parent.tagName) && parent.parentElement) parent = parent.parentElement;
      if (parent.getClientRects().length === 0 && !parent.closest(".sr-only")) continue;
      // A paragraph holding a message with values is one marked whole: check the element's text.
      check(parent.textContent ?? "", parent.tagName);
    }
    for (const element of document.querySelectorAll("[aria-label], [title], [alt], [placeholder]")) {
      for (const attribute of ["aria-label", "title", "alt", "placeholder"]) {
        const value = element.getAttribute(attribute);
        if (value) check(value, `${element.tagName}[${attribute}]`);
      }
    }
    check(document.title, "title");
    return [...new Set(found)];
  }, data);
}
