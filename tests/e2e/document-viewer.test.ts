// The app's PDF viewer (web/components/pdf) in Chromium at a phone's width, against the compiled
// portal: real-world PDFs a customer uploaded are drawn by pdf.js on canvases inside the page
// (files are sandboxed documents now, issue 39 item 17, so no page frames them), with page
// navigation, zoom and keyboard use; and an uploaded file carrying HTML and script never runs it,
// in the viewer or opened on its own.
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { emailedCode, screenshot, usePortalInBrowser, viewports } from "./support.ts";
import { seriousAxeFindings } from "./axe.ts";

const { portal, openPage } = usePortalInBrowser();
const corpus = (name: string) => new Uint8Array(readFileSync(join(import.meta.dir, "..", "files", "corpus", name)));
/** A PDF that is also a web page whose script, if it ever ran, would call this path. */
const SCRIPT_RAN = "/script-in-upload-ran";
const pdfWithHtml = () => {
  const html = `%PDF-1.4\n<html><body><script>fetch("${SCRIPT_RAN}");alert(document.domain)</script></body></html>\n`;
  return new Uint8Array([...new TextEncoder().encode(html), ...corpus("pdfjs--alphatrans.pdf").subarray(9)]);
};

async function upload(uploadLink: string, documentId: string, bytes: Uint8Array, name: string, type: string) {
  const form = new FormData();
  form.append("file", new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), name);
  form.append("isGuest", "true");
  const res = await fetch(`${portal.url}/api/upload/${uploadLink}/documents/${documentId}`, { method: "POST", body: form });
  expect(res.status, await res.text()).toBe(200);
}

/** How many of the canvas's pixels are not white: a drawn page has many. */
const inkedPixels = (page: Locator) =>
  page.locator("canvas").evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height);
    let inked = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 240 || data[i + 1]! < 240 || data[i + 2]! < 240) inked++;
    return inked;
  });

/**
 * Asks `read` until `holds` says yes (a page is drawn after it appears), then returns what it read
 * last. A read that throws is asked again until the time is up: a page's canvas has no size for a
 * moment while pdf.js lays it out (getImageData then throws), which is "not drawn yet".
 */
async function settled<T>(read: () => Promise<T>, holds: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const value = await read();
      if (holds(value) || Date.now() > until) return value;
    } catch (error) {
      if (Date.now() > until) throw error;
    }
    await Bun.sleep(100);
  }
}
const width = async (page: Locator) => (await page.boundingBox())!.width;

async function openViewer(page: Page, documentName: string, fileName: string | RegExp) {
  await page.getByRole("button", { name: `View ${documentName}` }).first().click();
  const dialog = page.getByRole("dialog", { name: documentName });
  return { dialog, viewer: dialog.getByRole("region", { name: typeof fileName === "string" ? `Preview of ${fileName}` : fileName }) };
}

test("a customer on a phone reads real-world PDFs in the app's viewer; script in an upload never runs", async () => {
  const { page, context, errors } = await openPage(viewports.phone);
  const headers = { "sec-fetch-site": "same-origin" };
  const broker = await openPage(viewports.desktop);
  expect((await broker.page.request.post(`${portal.url}/api/auth/signup`, { data: { email: "vera@example.com", password: "a good password", firstName: "Vera", lastName: "Viewer" }, headers })).status()).toBe(201);
  const created = await broker.page.request.post(`${portal.url}/api/customers`, {
    data: { email: "rhea@example.com", name: "Rhea Reader", requiredDocuments: [{ name: "Paystub" }, { name: "Loan Estimate" }, { name: "Statement" }] },
    headers,
  });
  const customer = await created.json();
  const doc = (name: string) => customer.documents.find((d: { name: string; id: string }) => d.name === name).id as string;
  // pdf.js's own test file (colour, transparency, an image), and qpdf's: 30 pages, AES-encrypted.
  await upload(customer.uploadLink, doc("Paystub"), corpus("pdfjs--alphatrans.pdf"), "alphatrans.pdf", "application/pdf");
  await upload(customer.uploadLink, doc("Loan Estimate"), corpus("qpdf--V4-aes.pdf"), "estimate.pdf", "application/pdf");
  await upload(customer.uploadLink, doc("Statement"), pdfWithHtml(), "statement.html", "text/html");

  // The customer signs up on their link (the files are read with their session).
  const signup = { email: "rhea@example.com", password: "customer password", uploadLink: customer.uploadLink };
  expect((await page.request.post(`${portal.url}/api/customer/signup`, { data: signup, headers })).status()).toBe(202);
  const code = emailedCode(portal, "rhea@example.com", "account_code");
  expect((await page.request.post(`${portal.url}/api/customer/signup`, { data: { ...signup, code }, headers })).status()).toBe(201);

  const scriptRequests: string[] = [];
  context.on("request", (request) => request.url().includes(SCRIPT_RAN) && scriptRequests.push(request.url()));
  const alerts: string[] = [];
  context.on("page", (opened) => opened.on("dialog", (d) => void alerts.push(d.message())));
  page.on("dialog", (d) => void alerts.push(d.message()));
  const workerRequests: string[] = [];
  context.on("request", (request) => /pdf\.worker/.test(request.url()) && workerRequests.push(request.url()));

  await page.goto(`${portal.url}/upload/${customer.uploadLink}`);
  await page.getByRole("button", { name: "View Paystub" }).first().waitFor();

  // One page, fitted to the phone's width and drawn.
  const paystub = await openViewer(page, "Paystub", "alphatrans.pdf");
  const only = paystub.viewer.getByRole("group", { name: "Page 1 of 1" });
  await only.waitFor();
  await page.waitForFunction(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-page="1"] canvas');
    return canvas !== null && canvas.width > 0;
  });
  expect(await settled(() => inkedPixels(only), (n) => n > 1000)).toBeGreaterThan(1000);
  const box = (await only.boundingBox())!;
  expect(box.width).toBeGreaterThan(250);
  expect(box.x + box.width).toBeLessThanOrEqual(viewports.phone.width);
  await paystub.dialog.getByText("Page 1 of 1").waitFor();
  // Its words are there for a screen reader (the canvas is only a picture of them).
  expect(await only.textContent()).toContain("Red: stroke=1, fill=1.");
  await screenshot(page, "pdf-viewer-phone");
  expect(await seriousAxeFindings(page)).toEqual([]);

  // Zoom by button and by keyboard; 0 fits the width again.
  await paystub.dialog.getByRole("button", { name: "Zoom in" }).click();
  expect(await settled(() => width(only), (w) => w > box.width * 1.2)).toBeGreaterThan(box.width * 1.2);
  await paystub.viewer.focus();
  await page.keyboard.press("0");
  expect(await settled(async () => Math.round(await width(only)), (w) => w === Math.round(box.width))).toBe(Math.round(box.width));
  await page.keyboard.press("-");
  expect(await settled(() => width(only), (w) => w < box.width)).toBeLessThan(box.width);
  await page.keyboard.press("Escape");
  await paystub.dialog.waitFor({ state: "detached" });

  // Thirty pages: counted, and Next page moves to the next one, drawn when it comes into view.
  const estimate = await openViewer(page, "Loan Estimate", "estimate.pdf");
  await estimate.viewer.getByRole("group", { name: "Page 1 of 30" }).waitFor();
  await estimate.dialog.getByText("Page 1 of 30").waitFor();
  expect(await settled(() => inkedPixels(estimate.viewer.getByRole("group", { name: "Page 1 of 30" })), (n) => n > 100)).toBeGreaterThan(100);
  await estimate.dialog.getByRole("button", { name: "Next page" }).click();
  await estimate.dialog.getByText("Page 2 of 30").waitFor();
  expect(await settled(() => inkedPixels(estimate.viewer.getByRole("group", { name: "Page 2 of 30" })), (n) => n > 100)).toBeGreaterThan(100);
  await page.keyboard.press("Escape");
  await estimate.dialog.waitFor({ state: "detached" });

  // The PDF that is also a web page: drawn as a PDF, its script never run.
  const statement = await openViewer(page, "Statement", /^Preview of statement\./);
  expect(await settled(() => inkedPixels(statement.viewer.getByRole("group", { name: "Page 1 of 1" })), (n) => n > 1000)).toBeGreaterThan(1000);
  await page.keyboard.press("Escape");
  // Opened on its own, as a new tab would: a sandboxed document, never a page of the portal.
  const files = await (await page.request.get(`${portal.url}/api/upload/${customer.uploadLink}`)).json();
  const statementUrl = files.documents.find((d: { name: string }) => d.name === "Statement").viewUrl as string;
  const tab = await context.newPage();
  await tab.goto(portal.url + statementUrl);
  await tab.waitForTimeout(1000);
  await tab.close();

  expect(scriptRequests).toEqual([]);
  expect(alerts).toEqual([]);
  // pdf.js's worker came from this portal, as one of its own files.
  expect(workerRequests.length).toBeGreaterThan(0);
  expect(workerRequests.every((url) => url.startsWith(`${portal.url}/assets/`))).toBe(true);
  expect(errors).toEqual([]);
  await broker.context.close();
  await context.close();
});
