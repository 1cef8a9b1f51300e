// The portal's language in a browser, for the tests that look at it (i18n-portal, i18n-journey):
// does a page fit a phone in a longer language, and choosing a language in the header.
import type { Page } from "playwright-core";

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

/** Chooses a language in the header and waits for the server to have been told. */
export const switchTo = (page: Page, language: "es" | "en") =>
  Promise.all([
    page.waitForResponse((response) => response.request().method() === "PUT" && response.url().endsWith("/language")),
    page.getByRole("combobox", { name: /^(Language|Idioma)$/ }).selectOption(language),
  ]);
