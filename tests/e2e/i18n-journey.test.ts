// Issue 44's "done means", as one journey: the compiled portal, Chromium and a real SMTP server.
// A broker invites a customer in Spanish; the customer gets a Spanish email (subject, body,
// lang="es"), opens its link on a 390 px phone (the page's frame is Spanish before any script
// runs), uploads a real paystub, signs up (the code's email in Spanish), the broker asks for a
// re-submit with a reason, and the customer's phone explains it in Spanish; they switch to
// English and back, and the choice holds over a reload. Standard documents read in Spanish
// throughout; the broker's screens stay English.
import { afterAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { seriousAxeFindings } from "./axe.ts";
import { layoutProblems, switchTo } from "./i18n-support.ts";
import { brokerSignUp, screenshot, usePortalInBrowser, viewports } from "./support.ts";
import { startSmtp, type ReceivedMail } from "../support/smtp.ts";

const smtp = await startSmtp();
afterAll(() => smtp.stop());
const { portal, openPage } = usePortalInBrowser({ SMTP_URL: smtp.url });

const CUSTOMER = "lucia.gomez@example.com";
const REASON = "Falta la segunda página del talón; envíelo completo, por favor.";
const paystub = {
  name: "talon-febrero.pdf",
  mimeType: "application/pdf",
  buffer: readFileSync(join(import.meta.dir, "../files/recognition/mohdzain98-landing_ai_kyc--data_Adrian_Mitchell_adrian_payslip.pdf")),
};

/** The email's text as written (its body arrives as UTF-8 bytes read one by one). */
const text = (mail: ReceivedMail) => Buffer.from(mail.body, "latin1").toString("utf8");

/** The next email to the customer whose subject matches, as the SMTP server received it (the outbox sends within seconds). */
async function mailTo(subject: RegExp): Promise<ReceivedMail> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const mail = smtp.received.find((m) => m.to.includes(CUSTOMER) && subject.test(m.subject));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no email to ${CUSTOMER} with a subject like ${subject}; got: ${smtp.received.map((m) => m.subject).join(" | ")}`);
    await Bun.sleep(200);
  }
}

/** The page's first paint, before any script: the server's frame (scripts held back in a context of its own). */
async function frameBeforeScripts(path: string): Promise<{ bar: string; status: string; lang: string }> {
  const { context, page } = await openPage(viewports.phone);
  await page.route("**/*.js", (route) => route.abort());
  await page.goto(`${portal.url}${path}`);
  const frame = await page.evaluate(() => ({
    bar: document.querySelector(".boot-bar")?.textContent ?? "",
    status: document.querySelector(".boot-status")?.textContent ?? "",
    lang: document.documentElement.lang,
  }));
  await screenshot(page, "i18n-journey-frame-es-phone");
  await context.close();
  return frame;
}

const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name }).waitFor();
/** A document's card on the phone (DocumentCards: one list item per document, its name a heading). */
const card = (page: Page, name: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name, exact: true }) });

test("invited in Spanish: the email, the upload, the sign-up, a re-submit explained in Spanish on a phone, English and back", async () => {
  // The broker invites Lucía in Spanish, with two standard documents (the broker's screen stays English).
  const broker = await openPage(viewports.desktop);
  await brokerSignUp(portal, broker.page.request, { email: "bea@example.com", firstName: "Bea", lastName: "Broker" });
  await broker.page.goto(`${portal.url}/dashboard`);
  await broker.page.getByRole("button", { name: "Add New Customer" }).first().click();
  const add = broker.page.getByRole("dialog", { name: "Add New Customer" });
  await add.getByLabel(/^Customer Email/).fill(CUSTOMER);
  await add.getByLabel(/^Name/).fill("Lucía Gómez");
  await add.getByRole("button", { name: /Customer's language/ }).click();
  await broker.page.getByRole("option", { name: "Español" }).click();
  // react-aria keeps the real checkbox visually hidden; a person clicks its label.
  await add.locator("label", { hasText: "Paystub" }).first().click();
  await add.locator("label", { hasText: "Photo ID" }).first().click();
  await add.getByRole("button", { name: "Create Customer" }).click();
  await broker.page.getByText("Customer invited successfully").waitFor();

  // Her invitation: Spanish subject and body, lang="es", the documents by their Spanish names.
  const invitation = await mailTo(/le pide que envíe sus documentos$/);
  expect(invitation.subject).toBe("Bea Broker le pide que envíe sus documentos");
  const body = text(invitation);
  expect(body).toContain('<html lang="es">');
  expect(body).toContain("Hola, Lucía Gómez:");
  expect(body).toContain("Por favor, envíe los siguientes documentos:");
  for (const name of ["Talón de pago", "Identificación con foto"]) expect(body).toContain(name);
  for (const english of ["Paystub", "Photo ID", "Please upload"]) expect(body).not.toContain(english);
  // The link's path (the email's host is the portal's PUBLIC_URL, localhost here; the browser uses the address the test has).
  const path = body.match(/\/upload\/[A-Za-z0-9_-]{16,128}/)?.[0];
  if (!path) throw new Error("the invitation has no upload link");

  // On a slow phone the page paints before its scripts: that frame is Spanish too.
  expect(await frameBeforeScripts(path)).toEqual({ bar: "Sus documentos", status: "Cargando sus documentos...", lang: "es" });

  // She opens it on her phone: Spanish, her documents by their Spanish names.
  const phone = await openPage(viewports.phone, { hasTouch: true, isMobile: true });
  await phone.page.goto(`${portal.url}${path}`);
  await heading(phone.page, "Sus documentos");
  await phone.page.getByRole("button", { name: "Iniciar sesión para ver el estado" }).waitFor();
  expect(await phone.page.evaluate(() => document.documentElement.lang)).toBe("es");
  await card(phone.page, "Talón de pago").getByText("Talones de pago recientes o comprobantes de salario").waitFor();
  await card(phone.page, "Identificación con foto").waitFor();

  // Uploads her paystub (a real one: someone else's, from February 2025, so the portal asks first
  // whether it is the right document; she sends it anyway, with a note).
  const [chooser] = await Promise.all([phone.page.waitForEvent("filechooser"), phone.page.getByRole("button", { name: "Elegir archivo para Talón de pago" }).first().click()]);
  await chooser.setFiles(paystub);
  await phone.page.getByText("¿Es el documento correcto?").first().waitFor({ timeout: 30_000 });
  await screenshot(phone.page, "i18n-journey-recognition-es-phone");
  await phone.page.getByLabel(/^Nota para su asesor/).first().fill("Es el talón de mi esposo; el mío llega el viernes.");
  await phone.page.getByRole("button", { name: "Enviar de todos modos" }).first().click();
  await phone.page.getByText("Documento enviado").first().waitFor({ timeout: 30_000 });
  await screenshot(phone.page, "i18n-journey-uploaded-es-phone");

  // Signs up on the link; the code comes in a Spanish email.
  await phone.page.getByRole("button", { name: "Iniciar sesión para ver el estado" }).click();
  const dialog = phone.page.getByRole("dialog");
  await dialog.getByLabel(/^Correo electrónico/).fill(CUSTOMER);
  await dialog.getByRole("button", { name: "Continuar", exact: true }).click();
  await dialog.getByLabel(/^Contraseña/).fill("lucia password");
  await dialog.getByLabel(/^Confirme la contraseña/).fill("lucia password");
  await dialog.getByRole("button", { name: "Continuar", exact: true }).click();
  await dialog.getByLabel(/^Código de 6 dígitos/).waitFor();
  const codeMail = await mailTo(/es su código del portal de documentos$/);
  const code = codeMail.subject.match(/^(\d{6}) /)?.[1];
  expect(code).toBeDefined();
  expect(text(codeMail)).toContain(`Su código es ${code}. Escríbalo en el portal para terminar de crear su cuenta.`);
  expect(text(codeMail)).toContain('<html lang="es">');
  await screenshot(phone.page, "i18n-journey-signup-code-es-phone");
  await dialog.getByLabel(/^Código de 6 dígitos/).fill(code!);
  await dialog.getByRole("button", { name: "Crear cuenta" }).click();
  await phone.page.getByText("¡Su cuenta está lista!").first().waitFor();
  await phone.page.getByText("En revisión").first().waitFor();
  // The page's live channel under the new session, so the broker's request below arrives as a push.
  await phone.page.waitForTimeout(300);

  // The broker asks for the paystub again, with a reason (the broker's own words).
  const customers = await (await broker.page.request.get(`${portal.url}/api/customers`)).json();
  await broker.page.goto(`${portal.url}/customer/${customers[0].id}`);
  await broker.page.getByRole("button", { name: "Re-Submit Paystub" }).click();
  const resubmit = broker.page.getByRole("dialog", { name: "Re-Submit Document" });
  await resubmit.getByLabel(/^Reason for re-submission/).fill(REASON);
  await resubmit.getByRole("button", { name: "Request Re-Submission" }).click();
  await resubmit.waitFor({ state: "detached" });

  // Her phone says so in Spanish, without a reload: the status, and why.
  const row = card(phone.page, "Talón de pago");
  await row.getByText("Debe volver a enviarlo").first().waitFor({ timeout: 15_000 });
  await row.getByText(`Por qué debe volver a enviarlo: ${REASON}`).waitFor();
  await phone.page.waitForLoadState("networkidle").catch(() => {});
  await screenshot(phone.page, "i18n-journey-resubmit-es-phone");
  expect(await layoutProblems(phone.page)).toEqual([]);
  // React Aria announces each toast through a node labelled by the toast (role="img"), removed
  // 7 s later (its LiveAnnouncer); a closed toast leaves that node pointing at nothing until then.
  await phone.page.waitForFunction(() => !document.querySelector("[data-live-announcer] [role=img]"), undefined, { timeout: 20_000 });
  expect(await seriousAxeFindings(phone.page)).toEqual([]);

  // English, and back to Spanish.
  await switchTo(phone.page, "en");
  await heading(phone.page, "Customer Dashboard");
  const englishRow = card(phone.page, "Paystub");
  await englishRow.getByText(`Re-submit reason: ${REASON}`).waitFor();
  await englishRow.getByText("Request for Re-Submission").first().waitFor();
  expect(await phone.page.evaluate(() => document.documentElement.lang)).toBe("en");
  await screenshot(phone.page, "i18n-journey-resubmit-en-phone");
  await switchTo(phone.page, "es");
  await heading(phone.page, "Sus documentos");

  // The choice holds over a reload (kept on her account and the link).
  await phone.page.reload();
  await heading(phone.page, "Sus documentos");
  await row.getByText(`Por qué debe volver a enviarlo: ${REASON}`).waitFor();
  expect(await phone.page.evaluate(() => document.documentElement.lang)).toBe("es");
  await screenshot(phone.page, "i18n-journey-reloaded-es-phone");
  expect(phone.errors).toEqual([]);
  expect(broker.errors).toEqual([]);
});
