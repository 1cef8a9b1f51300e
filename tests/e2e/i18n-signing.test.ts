// Signing in the customer's language, in Chromium against the compiled portal (issue 44):
// - Spanish at 390 px: a customer the broker set to Spanish opens "Firmar" in the portal, and their
//   co-borrower opens the emailed /sign/{token} page; both screens are Spanish (<html lang="es">),
//   nothing is wider than the screen or cut, axe finds nothing serious.
// - The pseudo-locale (i18n-support.ts): the portal's signing dialog and another signer's signing
//   page, with the full consent and the decline dialog open, show no text outside the catalog.
import { expect, test } from "bun:test";
import type { APIRequestContext, Page } from "playwright-core";
import en from "../../src/shared/i18n/catalogs/en.ts";
import { corpusPdf } from "../support/signatures.ts";
import { seriousAxeFindings } from "./axe.ts";
import { accented, layoutProblems, pseudoCatalogs, textsOutsideCatalog } from "./i18n-support.ts";
import { brokerSignUp, emailedSigningToken, screenshot, usePortalInBrowser, viewports } from "./support.ts";

const { portal, openPage } = usePortalInBrowser();
const headers = { "sec-fetch-site": "same-origin" };
const DOCUMENT = "Carta de compromiso";

/** A broker, a customer (in `language` when given) and a request for them and a co-borrower to sign a three-page PDF. */
async function askToSign(api: APIRequestContext, who: string, language?: "es") {
  await brokerSignUp(portal, api, { email: `broker-${who}@example.com`, firstName: "Bea", lastName: "Broker" });
  const created = await api.post(`${portal.url}/api/customers`, { data: { email: `${who}@example.com`, name: "Lucía Gómez", ...(language ? { language } : {}), requiredDocuments: [{ name: "Paystub" }] }, headers });
  expect(created.status(), await created.text()).toBe(201);
  const customer = await created.json();
  const box = (type: string, page: number, y: number, signer: number) => ({ type, page, x: 0.1, y, width: 0.3, height: 0.05, signer, required: true });
  const res = await api.post(`${portal.url}/api/customers/${customer.id}/signature-requests`, {
    headers,
    multipart: {
      request: JSON.stringify({
        name: DOCUMENT,
        signers: [
          { email: `${who}@example.com`, name: "Lucía Gómez" },
          { email: `co-${who}@example.com`, name: "Mateo Gómez" },
        ],
        fields: [box("text", 1, 0.3, 0), box("signature", 3, 0.7, 0), box("checkbox", 1, 0.5, 1), box("signature", 3, 0.8, 1)],
      }),
      file: { name: "carta.pdf", mimeType: "application/pdf", buffer: Buffer.from(corpusPdf("pdfjs--sizes.pdf")) },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { link: customer.uploadLink as string, token: emailedSigningToken(portal, `co-${who}@example.com`) };
}

async function checkSpanishPhone(page: Page, shot: string) {
  expect(await page.evaluate(() => document.documentElement.lang)).toBe("es");
  await page.waitForLoadState("networkidle").catch(() => {});
  await screenshot(page, shot);
  expect({ shot, problems: await layoutProblems(page) }).toEqual({ shot, problems: [] });
  expect({ shot, axe: await seriousAxeFindings(page) }).toEqual({ shot, axe: [] });
}

test("Spanish at 390 px: the portal's signing dialog and another signer's page, nothing overflows or is cut, axe clean", async () => {
  const broker = await openPage(viewports.desktop);
  const { link, token } = await askToSign(broker.page.request, "lucia-es", "es");

  const customer = await openPage(viewports.phone);
  await customer.page.goto(`${portal.url}/upload/${link}`);
  await customer.page.getByRole("button", { name: `Firmar ${DOCUMENT}` }).click();
  const dialog = customer.page.getByRole("dialog");
  await dialog.getByRole("heading", { name: "Documento para firmar" }).waitFor();
  await dialog.getByRole("group", { name: "Página 1 de 3" }).waitFor();
  await dialog.getByRole("textbox", { name: "Texto, página 1, obligatorio" }).waitFor();
  await dialog.getByText("Campo 1 (Texto) es obligatorio. Llénelo para firmar.").waitFor();
  await checkSpanishPhone(customer.page, "i18n-signing-portal-es-phone");

  // The co-borrower's browser asks for English; the customer's language applies.
  const coSigner = await openPage(viewports.phone);
  await coSigner.page.setExtraHTTPHeaders({ "accept-language": "en-US,en;q=0.9" });
  await coSigner.page.goto(`${portal.url}/sign/${token}`);
  await coSigner.page.getByRole("heading", { level: 1, name: "Documento para firmar" }).waitFor();
  await coSigner.page.getByRole("group", { name: "Página 1 de 3" }).waitFor();
  await coSigner.page.getByRole("checkbox", { name: "Casilla, página 1, obligatorio" }).waitFor();
  await checkSpanishPhone(coSigner.page, "i18n-signing-sign-page-es-phone");
  await coSigner.page.getByRole("button", { name: "Leer el consentimiento completo" }).click();
  await coSigner.page.getByRole("dialog", { name: "Consentimiento para firmar electrónicamente" }).waitFor();
  await checkSpanishPhone(coSigner.page, "i18n-signing-consent-es-phone");
  await coSigner.page.keyboard.press("Escape");
  await coSigner.page.getByRole("button", { name: "Rechazar", exact: true }).click();
  await coSigner.page.getByRole("dialog", { name: `¿Rechazar la firma de ${DOCUMENT}?` }).waitFor();
  await checkSpanishPhone(coSigner.page, "i18n-signing-decline-es-phone");
  await coSigner.page.keyboard.press("Escape");

  // The switcher: English in place, nothing saved for this signer.
  const saves: string[] = [];
  coSigner.page.on("request", (request) => request.method() !== "GET" && saves.push(request.url()));
  await coSigner.page.getByRole("combobox", { name: "Idioma" }).selectOption("en");
  await coSigner.page.getByRole("heading", { level: 1, name: "Document to sign" }).waitFor();
  expect(saves).toEqual([]);
  expect(coSigner.errors).toEqual([]);
  expect(customer.errors).toEqual([]);
});

test("pseudo-locale: the portal's signing dialog and another signer's page show no text outside the catalog", async () => {
  const broker = await openPage(viewports.desktop);
  const { link, token } = await askToSign(broker.page.request, "lucia-pseudo");
  // The customer's data, and the PDF's own words (each page's text layer, read to a screen reader).
  const data = ["Lucía Gómez", "Mateo Gómez", DOCUMENT, "Paystub", "Bea Broker", "Broker Portal", "BB", "LG", "lucia-pseudo@example.com", "broker-lucia-pseudo@example.com", "Recent pay stubs or salary statements", "Normal", "Envelope", "Landscape"];
  const outside = (page: Page) => textsOutsideCatalog(page, data);

  const customer = await openPage(viewports.phone);
  await pseudoCatalogs(customer.page);
  await customer.page.goto(`${portal.url}/upload/${link}`);
  await customer.page.getByRole("button", { name: `⟦${accented("Sign ")}${DOCUMENT}⟧` }).click();
  const dialog = customer.page.getByRole("dialog");
  await dialog.getByRole("group", { name: `⟦${accented("Page ")}1${accented(" of ")}3⟧` }).waitFor();
  await customer.page.waitForLoadState("networkidle").catch(() => {});
  expect({ where: "portal's signing dialog", texts: await outside(customer.page) }).toEqual({ where: "portal's signing dialog", texts: [] });
  await screenshot(customer.page, "i18n-signing-pseudo-portal-phone");

  const coSigner = await openPage(viewports.phone);
  await pseudoCatalogs(coSigner.page);
  await coSigner.page.goto(`${portal.url}/sign/${token}`);
  await coSigner.page.getByRole("group", { name: `⟦${accented("Page ")}1${accented(" of ")}3⟧` }).waitFor();
  await coSigner.page.waitForLoadState("networkidle").catch(() => {});
  expect({ where: "signing page", texts: await outside(coSigner.page) }).toEqual({ where: "signing page", texts: [] });
  await screenshot(coSigner.page, "i18n-signing-pseudo-sign-page-phone");
  for (const [button, name] of [
    [en.signing.readFullConsent, "consent"],
    [en.signing.decline, "decline"],
  ] as const) {
    await coSigner.page.getByRole("button", { name: `⟦${accented(button)}⟧`, exact: true }).click();
    await coSigner.page.getByRole("dialog").waitFor();
    expect({ name, texts: await outside(coSigner.page) }).toEqual({ name, texts: [] });
    await screenshot(coSigner.page, `i18n-signing-pseudo-${name}-phone`);
    await coSigner.page.keyboard.press("Escape");
    await coSigner.page.getByRole("dialog").waitFor({ state: "detached" });
  }
});
