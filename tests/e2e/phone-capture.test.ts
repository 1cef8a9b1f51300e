// Phone capture and "I don't have this" in Chromium at 390 px against the compiled portal: the
// customer photographs three pages, reorders and retakes one, and sends them as ONE PDF (built in
// the browser); the broker receives a 3-page PDF in that order. For another request the customer
// answers with a reason instead of a file, and the broker accepts it.
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { screenshot, usePortalInBrowser, viewports } from "./support.ts";

const { portal, openPage } = usePortalInBrowser();
const photo = (name: string) => ({
  name: `${name}.jpg`,
  mimeType: "image/jpeg",
  buffer: readFileSync(join(import.meta.dir, "..", "files", "corpus", `exif-samples--jpg_orientation_${name}.jpg`)),
});

async function choose(page: Page, button: ReturnType<Page["getByRole"]>, files: ReturnType<typeof photo>[]) {
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), button.click()]);
  await chooser.setFiles(files);
}

/** Each page's shape in the stored PDF, read with pdf.js as the server does. */
async function pageShapes(bytes: Uint8Array): Promise<string[]> {
  (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = await import("pdfjs-dist/legacy/build/pdf.worker.mjs");
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const doc = await getDocument({ data: bytes, verbosity: 0 }).promise;
  const shapes: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const [x0, y0, x1, y1] = (await doc.getPage(i)).view as [number, number, number, number];
    shapes.push(x1 - x0 > y1 - y0 ? "landscape" : "portrait");
  }
  return shapes;
}

test("photograph three pages, reorder and retake one, send one PDF; answer another request without a file", async () => {
  const broker = await openPage(viewports.desktop);
  const headers = { "sec-fetch-site": "same-origin" };
  expect((await broker.page.request.post(`${portal.url}/api/auth/signup`, { headers, data: { email: "pia@example.com", password: "a good password", firstName: "Pia", lastName: "Broker" } })).status()).toBe(201);
  const customer = await (
    await broker.page.request.post(`${portal.url}/api/customers`, {
      headers,
      data: { email: "cam@example.com", name: "Cam Customer", requiredDocuments: [{ name: "Bank Statements" }, { name: "Payslip" }] },
    })
  ).json();
  const statements = customer.documents.find((d: { name: string }) => d.name === "Bank Statements");
  const rules = { kinds: ["pdf"], minPages: 2, maxPages: null, minImageShortSide: 800, minImageLongSide: 1100, noPassword: true };
  expect((await broker.page.request.put(`${portal.url}/api/documents/${statements.id}/acceptance-rules`, { headers, data: { rules } })).status()).toBe(200);

  const phone = await openPage(viewports.phone);
  await phone.page.goto(`${portal.url}/upload/${customer.uploadLink}`);
  await phone.page.getByRole("heading", { name: "Welcome, Cam" }).waitFor();
  // The rules are shown before anything is sent.
  await phone.page.getByText("PDF: at least 2 pages").first().waitFor();

  await phone.page.getByRole("button", { name: "Several pages of Bank Statements" }).first().click();
  const dialog = phone.page.getByRole("dialog", { name: "Photograph Bank Statements" });
  // One page of a request that needs two: what is missing is said, and it cannot be sent yet.
  await choose(phone.page, dialog.getByRole("button", { name: "Take first page" }), [photo("landscape_1")]);
  await dialog.getByText("This document needs at least 2 pages: take 1 more page before sending.").waitFor();
  expect(await dialog.getByRole("button", { name: "Send 1 page as PDF" }).isDisabled()).toBe(true);
  // Then portrait, and a sideways-stored photo whose EXIF says "landscape".
  await choose(phone.page, dialog.getByRole("button", { name: "Add page" }), [photo("portrait_1"), photo("landscape_6")]);
  await dialog.getByRole("img", { name: "Page 3" }).waitFor();
  await dialog.getByRole("button", { name: "Move page 1 down" }).click(); // portrait, landscape, landscape
  await choose(phone.page, dialog.getByRole("button", { name: "Retake page 3" }), [photo("portrait_8")]); // portrait, landscape, portrait
  await phone.page.waitForTimeout(200);
  await screenshot(phone.page, "portal-capture-phone");
  await dialog.getByRole("button", { name: "Send 3 pages as one PDF" }).click();
  await phone.page.getByText("Upload Successful").first().waitFor();

  const docs = await (await broker.page.request.get(`${portal.url}/api/customer/${customer.id}/documents`)).json();
  const sent = docs.find((d: { id: string }) => d.id === statements.id);
  expect(sent).toMatchObject({ status: "uploaded", mimeType: "application/pdf", pageCount: 3 });
  expect(sent.checks).toContain("PDF opened: 3 pages");
  const pdf = new Uint8Array(await (await broker.page.request.get(`${portal.url}${sent.fileUrl}`)).body());
  expect(await pageShapes(pdf)).toEqual(["portrait", "landscape", "portrait"]);

  // "I don't have this" for the payslip, then the broker accepts the answer.
  await phone.page.getByRole("button", { name: "I don't have this: Payslip" }).first().click();
  const why = phone.page.getByRole("dialog", { name: "I don't have Payslip" });
  await why.getByLabel(/^Why not\?/).fill("I am self-employed; my accountant's letter is attached to Bank Statements.");
  // Tab from the answer reaches the buttons in the order they are drawn, top to bottom: drawn the
  // other way round, Tab and Space on the button just below the answer cancelled it.
  const drawn = await why
    .getByRole("button", { name: /^(Cancel|Send answer)$/ })
    .evaluateAll((buttons) => buttons.sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top).map((b) => b.textContent?.trim()));
  const tabbed: (string | undefined)[] = [];
  for (const _ of drawn) {
    await phone.page.keyboard.press("Tab");
    tabbed.push(await phone.page.evaluate(() => document.activeElement?.textContent?.trim()));
  }
  expect(tabbed).toEqual(drawn);
  await why.getByRole("button", { name: "Send answer" }).click();
  await phone.page.getByText("You said you don't have this:").first().waitFor();
  await screenshot(phone.page, "portal-unavailable-phone");

  await broker.page.goto(`${portal.url}/customer/${customer.id}`);
  await broker.page.getByText("Customer doesn't have this:").waitFor();
  await broker.page.getByText("Checked on arrival").waitFor();
  await screenshot(broker.page, "broker-checks-desktop");
  await broker.page.getByRole("button", { name: "Accept answer Payslip" }).click();
  await broker.page.getByText("Accepted without a file: I am self-employed").waitFor();
  // Told, and the focus stays on the document (its buttons are gone), not on <body>.
  await broker.page.getByText("Answer accepted").first().waitFor();
  await broker.page.waitForFunction(() => document.activeElement?.tagName === "H3");
  expect(await broker.page.evaluate(() => document.activeElement?.textContent)).toBe("Payslip");

  expect(phone.errors).toEqual([]);
  expect(broker.errors).toEqual([]);
  await phone.context.close();
  await broker.context.close();
}, 120_000);
