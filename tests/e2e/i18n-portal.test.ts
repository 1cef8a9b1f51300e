// The customer portal in its languages, in Chromium against the compiled portal:
// - Spanish on a 390 px phone: <html lang="es">, nothing wider than the screen, no button whose
//   text is cut, axe clean (Spanish runs about 25 % longer than English); switched back to English.
// - A pseudo-locale run: the English catalog's chunks (its first-paint and later parts) are swapped on its way to the browser for one
//   whose every message is marked ⟦…⟧ and accented, so any text on the page that did not come
//   from the catalog (and is not the customer's own data) shows up unmarked.
import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { seriousAxeFindings } from "./axe.ts";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { brokerSignUp, emailedCode, screenshot, usePortalInBrowser, viewports } from "./support.ts";
import { realPdf } from "../files/samples.ts";
import en from "../../src/shared/i18n/catalogs/en.ts";
import type { MessageKey } from "../../src/shared/i18n/catalog.ts";
import { translate } from "../../src/shared/i18n/translate.ts";
import { accented, FIRST_PART, layoutProblems, pseudoCatalogs, switchTo, textsOutsideCatalog } from "./i18n-support.ts";

const { portal, openPage } = usePortalInBrowser();

/** A broker invites a customer with two documents, one due in three days. Returns the link. */
async function invite(page: Page, email: string): Promise<string> {
  await brokerSignUp(portal, page.request, { email: `broker-${email}`, firstName: "Bea", lastName: "Broker" });
  const dueDate = new Date(Date.now() + 3 * 86_400_000).toISOString();
  const created = await page.request.post(`${portal.url}/api/customers`, {
    data: { email, name: "Carla Customer", dueDate, requiredDocuments: [{ name: "Paystub" }, { name: "Photo ID" }] },
    headers: { "sec-fetch-site": "same-origin" },
  });
  expect(created.status()).toBe(201);
  return (await created.json()).uploadLink;
}

test("Spanish on a phone: lang=\"es\", nothing overflows or is cut, axe clean; back to English and to Spanish again", async () => {
  const broker = await openPage(viewports.desktop);
  const link = await invite(broker.page, "carla-es@example.com");
  const phone = await openPage(viewports.phone);
  const catalogs: string[] = [];
  // The choice is sent to the server (PUT /api/upload/{link}/language); counted to tell its
  // answers from other failures in the console while the route may not exist yet.
  const saves: number[] = [];
  phone.page.on("response", (response) => {
    if (response.request().method() === "PUT" && response.url().endsWith(`/upload/${link}/language`)) saves.push(response.status());
  });
  phone.page.on("response", async (response) => {
    if (response.url().includes("/assets/") && (await response.text().catch(() => "")).includes(FIRST_PART)) catalogs.push(response.url());
  });
  await phone.page.goto(`${portal.url}/upload/${link}`);
  await phone.page.getByRole("button", { name: "Sign in to track status" }).waitFor();
  expect(catalogs).toHaveLength(1);

  await switchTo(phone.page, "es");
  await phone.page.getByRole("heading", { level: 1, name: "Sus documentos" }).waitFor();
  expect(await phone.page.evaluate(() => document.documentElement.lang)).toBe("es");
  await phone.page.getByText("Vence en 3 días").first().waitFor();
  // Only the chosen language's catalog came down, once.
  expect(catalogs).toHaveLength(2);
  await phone.page.waitForLoadState("networkidle").catch(() => {});
  await screenshot(phone.page, "i18n-portal-es-phone");
  expect(await layoutProblems(phone.page)).toEqual([]);
  expect(await seriousAxeFindings(phone.page)).toEqual([]);

  await switchTo(phone.page, "en");
  await phone.page.getByRole("heading", { level: 1, name: "Customer Dashboard" }).waitFor();
  expect(await phone.page.evaluate(() => document.documentElement.lang)).toBe("en");
  await switchTo(phone.page, "es");
  await phone.page.getByRole("button", { name: "Iniciar sesión para ver el estado" }).waitFor();
  expect(catalogs).toHaveLength(2);
  expect(saves).toHaveLength(3);
  const notFound = saves.filter((status) => status === 404).length;
  expect(phone.errors.filter((error) => !/status of 404/.test(error))).toEqual([]);
  expect(phone.errors.length).toBe(notFound);
});

test("Spanish dialogs on a phone (sign-in, \"I don't have this\", several pages): nothing overflows or is cut, axe clean", async () => {
  const broker = await openPage(viewports.desktop);
  const link = await invite(broker.page, "carla-es-dialogs@example.com");
  const phone = await openPage(viewports.phone);
  await phone.page.goto(`${portal.url}/upload/${link}`);
  await phone.page.getByRole("button", { name: en.portal.signInToTrack }).waitFor();
  await switchTo(phone.page, "es");
  const es = (key: MessageKey, values?: Record<string, string>) => translate("es", key, values);
  // The document by its Spanish name ("Talón de pago", the catalog's standardDocuments).
  const paystub = es("standardDocuments.paystub.name");
  for (const [button, shot] of [
    [es("portal.signInToTrack"), "i18n-portal-es-sign-in-phone"],
    [es("upload.dontHaveLabel", { name: paystub }), "i18n-portal-es-dont-have-phone"],
    [es("upload.severalPagesOf", { name: paystub }), "i18n-portal-es-several-pages-phone"],
  ] as const) {
    await phone.page.getByRole("button", { name: button, exact: true }).click();
    const dialog = phone.page.getByRole("dialog");
    await dialog.waitFor();
    // Its words came with it (the catalog's later part), in Spanish, and so did its close button's.
    await dialog.getByRole("button", { name: es("dialogs.close") }).first().waitFor();
    await phone.page.waitForLoadState("networkidle").catch(() => {});
    await screenshot(phone.page, shot);
    expect({ shot, problems: await layoutProblems(phone.page) }).toEqual({ shot, problems: [] });
    expect({ shot, axe: await seriousAxeFindings(phone.page) }).toEqual({ shot, axe: [] });
    await phone.page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
  }
  expect(await phone.page.evaluate(() => document.documentElement.lang)).toBe("es");
});

/** The page's visible texts and labels that are not the catalog's (⟦…⟧) nor the customer's data. */
function unmarkedTexts(page: Page, email: string, more: string[] = []): Promise<string[]> {
  // The customer's own data is not the catalog's: names, the broker, emails, numbers. The
  // standard documents (Paystub, Photo ID) and their descriptions are the catalog's
  // (standardDocuments); the site's name is the operator's.
  return textsOutsideCatalog(page, [email, "Carla Customer", "Carla", "Bea Broker", `broker-${email}`, "BB", "CC", "Broker Portal", ...more]);
}

test("pseudo-locale: every text a guest sees on the portal comes from the catalog", async () => {
  const broker = await openPage(viewports.desktop);
  const link = await invite(broker.page, "carla-pseudo@example.com");
  const phone = await openPage(viewports.phone);
  const swapped = await pseudoCatalogs(phone.page);
  await phone.page.goto(`${portal.url}/upload/${link}`);
  await phone.page.getByRole("heading", { level: 1, name: /^⟦/ }).waitFor();
  await phone.page.waitForLoadState("networkidle").catch(() => {});
  expect(swapped()).toBe(1);
  expect(await unmarkedTexts(phone.page, "carla-pseudo@example.com")).toEqual([]);
  await screenshot(phone.page, "i18n-portal-pseudo-phone");

  // The sign-in dialog's words come in the catalog's later part, downloaded with the dialog.
  await phone.page.getByRole("button", { name: `⟦${accented(en.portal.signInToTrack)}⟧` }).click();
  await phone.page.getByRole("dialog").getByRole("textbox").first().waitFor();
  await phone.page.waitForLoadState("networkidle").catch(() => {});
  expect(swapped()).toBe(2);
  expect(await unmarkedTexts(phone.page, "carla-pseudo@example.com")).toEqual([]);
  await screenshot(phone.page, "i18n-portal-pseudo-sign-in-phone");
  await phone.page.keyboard.press("Escape");
  await phone.page.getByRole("dialog").waitFor({ state: "detached" });

  // A document's own dialogs: "I don't have this" and "Several pages" (photographing each page).
  for (const [label, dialog] of [
    [`${en.upload.dontHaveLabel.replace("{name}", "Paystub")}`, "i18n-portal-pseudo-dont-have-phone"],
    [`${en.upload.severalPagesOf.replace("{name}", "Paystub")}`, "i18n-portal-pseudo-several-pages-phone"],
  ] as const) {
    // The document's name is the catalog's too (standardDocuments): a marked message inside the label's.
    await phone.page.getByRole("button", { name: `⟦${accented(label).replace(accented("Paystub"), `⟦${accented("Paystub")}⟧`)}⟧` }).click();
    await phone.page.getByRole("dialog").waitFor();
    await phone.page.waitForLoadState("networkidle").catch(() => {});
    expect({ dialog, unmarked: await unmarkedTexts(phone.page, "carla-pseudo@example.com") }).toEqual({ dialog, unmarked: [] });
    await screenshot(phone.page, dialog);
    await phone.page.keyboard.press("Escape");
    await phone.page.getByRole("dialog").waitFor({ state: "detached" });
  }
});

test("pseudo-locale: every text a signed-in customer sees on the portal comes from the catalog", async () => {
  const broker = await openPage(viewports.desktop);
  const email = "carla-signed-in@example.com";
  const link = await invite(broker.page, email);
  const phone = await openPage(viewports.phone);
  // An account on the link, made through the API in the phone's browser (its cookies).
  const signUp = (code?: string) =>
    phone.page.request.post(`${portal.url}/api/customer/signup`, {
      data: { email, password: "carla password", uploadLink: link, ...(code ? { code } : {}) },
      headers: { "sec-fetch-site": "same-origin" },
    });
  expect((await signUp()).status()).toBe(202);
  expect((await signUp(emailedCode(portal, email, "account_code"))).status()).toBe(201);
  const swapped = await pseudoCatalogs(phone.page);
  await phone.page.goto(`${portal.url}/upload/${link}`);
  await phone.page.getByRole("progressbar").first().waitFor();
  await phone.page.waitForLoadState("networkidle").catch(() => {});
  expect(swapped()).toBe(1);
  expect(await unmarkedTexts(phone.page, email)).toEqual([]);
  await screenshot(phone.page, "i18n-portal-pseudo-signed-in-phone");

  // The header's account panel (the catalog's later part comes with it).
  for (const [label, shot] of [
    [`⟦CC, ${accented("Account menu for ")}Carla Customer⟧`, "i18n-portal-pseudo-account-phone"],
  ] as const) {
    await phone.page.getByRole("button", { name: label }).click();
    await phone.page.getByRole("dialog").waitFor();
    await phone.page.waitForLoadState("networkidle").catch(() => {});
    expect({ shot, unmarked: await unmarkedTexts(phone.page, email) }).toEqual({ shot, unmarked: [] });
    await screenshot(phone.page, shot);
    await phone.page.keyboard.press("Escape");
    await phone.page.getByRole("dialog").waitFor({ state: "detached" });
  }
  expect(swapped()).toBe(2);
});

/**
 * A signed-in customer whose Photo ID request takes only a PDF of at least 3 pages (a one-page PDF
 * is refused by the server), on a phone; the broker's page can ask for more documents.
 */
async function customerWithRules(email: string) {
  const broker = await openPage(viewports.desktop);
  await brokerSignUp(portal, broker.page.request, { email: `broker-${email}`, firstName: "Bea", lastName: "Broker" });
  const sameOrigin = { "sec-fetch-site": "same-origin" };
  // The Photo ID request takes only a PDF of at least 3 pages: a one-page PDF is refused by the server.
  const threePages = { kinds: ["pdf"], minPages: 3, maxPages: null, minImageShortSide: 800, minImageLongSide: 1100, noPassword: true };
  const created = await broker.page.request.post(`${portal.url}/api/customers`, {
    data: { email, name: "Carla Customer", requiredDocuments: [{ name: "Paystub" }, { name: "Photo ID", acceptanceRules: threePages }] },
    headers: sameOrigin,
  });
  expect(created.status()).toBe(201);
  const { uploadLink: link, id: customerId } = await created.json();
  const phone = await openPage(viewports.phone);
  const signUp = (code?: string) =>
    phone.page.request.post(`${portal.url}/api/customer/signup`, { data: { email, password: "carla password", uploadLink: link, ...(code ? { code } : {}) }, headers: sameOrigin });
  expect((await signUp()).status()).toBe(202);
  expect((await signUp(emailedCode(portal, email, "account_code"))).status()).toBe(201);
  /** Picks a file with the button `label` names. */
  const choose = async (label: string, file: { name: string; mimeType: string; buffer: Buffer }) => {
    const [chooser] = await Promise.all([phone.page.waitForEvent("filechooser"), phone.page.getByRole("button", { name: label }).first().click()]);
    await chooser.setFiles(file);
  };
  const askForBankStatement = async () => {
    const requested = await broker.page.request.post(`${portal.url}/api/customers/${customerId}/request-documents`, { data: { documentTypes: ["Bank Statement"] }, headers: sameOrigin });
    expect(requested.status()).toBe(201);
  };
  return { phone, link, choose, askForBankStatement };
}
const bankStatement = () => ({
  name: "statement-june.pdf",
  mimeType: "application/pdf",
  buffer: readFileSync(join(import.meta.dir, "../files/recognition/rokasauras-FinCheck--statement_sample_unaltered.pdf")),
});
const onePage = () => ({ name: "one-page.pdf", mimeType: "application/pdf", buffer: Buffer.from(realPdf(1, { comment: "e2e i18n" })) });

test("pseudo-locale: what the server says (a recognition warning, an upload refusal, a notification) comes from the catalog", async () => {
  const email = "carla-server-texts@example.com";
  const { phone, link, choose, askForBankStatement } = await customerWithRules(email);
  await pseudoCatalogs(phone.page);
  await phone.page.goto(`${portal.url}/upload/${link}`);
  await phone.page.getByRole("progressbar").first().waitFor();
  // A standard document's name is the catalog's too (standardDocuments): marked inside the label's message.
  const chooseFor = (name: string, file: { name: string; mimeType: string; buffer: Buffer }) => choose(`⟦${accented("Choose file for ")}⟦${accented(name)}⟧⟧`, file);
  const files = ["statement-june.pdf", "one-page.pdf"];

  // A bank statement picked for the paystub: what recognition saw, from the catalog.
  await chooseFor("Paystub", bankStatement());
  await phone.page.getByText(`⟦${accented(en.recognition.warn)}⟧`).first().waitFor();
  await phone.page.getByText(new RegExp(`^⟦${accented("This looks like ")}`)).first().waitFor();
  expect({ step: "warning", unmarked: await unmarkedTexts(phone.page, email, files) }).toEqual({ step: "warning", unmarked: [] });
  await screenshot(phone.page, "i18n-portal-pseudo-recognition-phone");
  await phone.page.getByRole("button", { name: `⟦${accented(en.dialogs.cancel)}⟧` }).first().click();

  // A one-page PDF where three pages are needed: the server's refusal, from the catalog.
  await chooseFor("Photo ID", onePage());
  await phone.page.getByText(new RegExp(accented("Please send all pages of the document in one PDF"))).first().waitFor({ timeout: 30_000 });
  expect({ step: "refusal", unmarked: await unmarkedTexts(phone.page, email, files) }).toEqual({ step: "refusal", unmarked: [] });
  await screenshot(phone.page, "i18n-portal-pseudo-refusal-phone");

  // The broker asks for another document: the customer's notification, from the catalog.
  await askForBankStatement();
  await phone.page.reload();
  await phone.page.getByRole("progressbar").first().waitFor();
  await phone.page.getByRole("button", { name: new RegExp(`^⟦${accented("Notifications")}`) }).click();
  const panel = phone.page.getByRole("dialog");
  await panel.getByText(`⟦${accented(en.notifications.documentsRequestedTitle)}⟧`).first().waitFor();
  await phone.page.waitForLoadState("networkidle").catch(() => {});
  expect({ step: "notification", unmarked: await unmarkedTexts(phone.page, email, files) }).toEqual({ step: "notification", unmarked: [] });
  await screenshot(phone.page, "i18n-portal-pseudo-notification-phone");
});

test("Spanish on a phone: a recognition warning, a refusal and the notifications fit and are axe clean", async () => {
  const { phone, link, choose, askForBankStatement } = await customerWithRules("carla-es-server-texts@example.com");
  await askForBankStatement();
  await phone.page.goto(`${portal.url}/upload/${link}`);
  await phone.page.getByRole("progressbar").first().waitFor();
  await switchTo(phone.page, "es");
  const es = (key: MessageKey, values?: Record<string, string>) => translate("es", key, values);
  const fits = async (shot: string) => {
    await phone.page.waitForLoadState("networkidle").catch(() => {});
    await screenshot(phone.page, shot);
    expect({ shot, problems: await layoutProblems(phone.page) }).toEqual({ shot, problems: [] });
    expect({ shot, axe: await seriousAxeFindings(phone.page) }).toEqual({ shot, axe: [] });
  };

  // The standard documents by their Spanish names (standardDocuments).
  await choose(es("upload.chooseFileFor", { name: es("standardDocuments.paystub.name") }), bankStatement());
  await phone.page.getByText("Esto parece un estado de cuenta bancario, pero su asesor pidió un talón de pago.").first().waitFor();
  await fits("i18n-portal-es-recognition-phone");
  await phone.page.getByRole("button", { name: es("dialogs.cancel") }).first().click();

  await choose(es("upload.chooseFileFor", { name: es("standardDocuments.photoId.name") }), onePage());
  await phone.page.getByText(/Este PDF tiene 1 página, pero para este documento se necesitan al menos 3 páginas/).first().waitFor({ timeout: 30_000 });
  await fits("i18n-portal-es-refusal-phone");

  await phone.page.getByRole("button", { name: new RegExp(`^${es("portal.notifications")}`) }).click();
  await phone.page.getByRole("dialog").getByText(es("notifications.documentsRequestedTitle")).first().waitFor();
  await fits("i18n-portal-es-notifications-phone");
});
