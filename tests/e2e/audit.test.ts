// The audit trail in Chromium against the compiled portal: a broker on a phone-sized screen has
// the customer's page open; the customer opens their link and uploads; the broker's Activity
// card shows the visit and the upload without a reload, and its CSV download lists them.
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { realPdf } from "../files/samples.ts";
import { screenshot, usePortalInBrowser, viewports } from "./support.ts";

const { portal, openPage } = usePortalInBrowser();
const headers = { "sec-fetch-site": "same-origin" };

test("the broker sees the customer's visit and upload in the timeline, live, and downloads it as CSV", async () => {
  const broker = await openPage(viewports.phone);
  const signup = await broker.page.request.post(`${portal.url}/api/auth/signup`, {
    data: { email: "ada@example.com", password: "a good password", firstName: "Ada", lastName: "Audit" },
    headers,
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const created = await broker.page.request.post(`${portal.url}/api/customers`, {
    data: { email: "tess@example.com", name: "Tess Trail", requiredDocuments: [{ name: "Paystub" }] },
    headers,
  });
  const customer = await created.json();

  await broker.page.goto(`${portal.url}/customer/${customer.id}`);
  const activity = broker.page.getByRole("region", { name: "Activity" });
  const entries = activity.getByRole("list", { name: "Activity, newest first" }).getByRole("listitem");
  await entries.filter({ hasText: "Invited" }).waitFor();
  expect(await entries.first().textContent()).toContain("Ada Audit (Broker) from 127.0.0.1");
  // Wait for the page's live channel, so the upload below arrives as a push.
  await broker.page.waitForTimeout(300);

  // The customer opens the link and uploads, on their own phone.
  const phone = await openPage(viewports.phone);
  await phone.page.goto(`${portal.url}/upload/${customer.uploadLink}`);
  await phone.page.getByRole("heading", { name: "Welcome, Tess" }).waitFor();
  const [chooser] = await Promise.all([phone.page.waitForEvent("filechooser"), phone.page.getByRole("button", { name: "Choose file for Paystub" }).first().click()]);
  await chooser.setFiles({ name: "paystub-june.pdf", mimeType: "application/pdf", buffer: Buffer.from(realPdf(1, { comment: "e2e audit" })) });
  await phone.page.getByText("Upload Successful").first().waitFor();

  // The broker's open page shows both, newest first, with no reload.
  await entries.filter({ hasText: "Document uploaded: Paystub" }).waitFor({ timeout: 10_000 });
  const texts = await entries.allTextContents();
  expect(texts[0]).toContain("Document uploaded: Paystub");
  expect(texts[0]).toContain("Upload link (Link holder) from 127.0.0.1");
  expect(texts[0]).toContain("paystub-june.pdf");
  expect(texts[1]).toContain("Upload link opened");
  // A phone-wide page: nothing scrolls sideways.
  expect(await broker.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);
  await activity.scrollIntoViewIfNeeded();
  await screenshot(broker.page, "audit-activity-phone");

  // The CSV download, by keyboard: focus the link and press Enter.
  await activity.getByRole("link", { name: "Download Tess Trail's activity as CSV" }).focus();
  const [download] = await Promise.all([broker.page.waitForEvent("download"), broker.page.keyboard.press("Enter")]);
  const csv = readFileSync(await download.path(), "utf8").replace(/^\uFEFF/, "");
  expect(csv.split("\r\n")[0]).toBe("#,Time (UTC),Action,Actor,Actor type,Address,Document,Detail,Hash");
  expect(csv).toContain("Document uploaded,Upload link,Link holder,127.0.0.1,Paystub,paystub-june.pdf");
  // The compiled executable makes the PDF too (pdf-lib and its fonts are inside it).
  const pdf = await broker.page.request.get(`${portal.url}/api/customer/${customer.id}/audit.pdf`);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
});
