// Sharing in real browsers against the compiled portal: a broker sends a real PDF and a small
// video to an existing customer and to a new one by email; the existing customer, signed in on a
// phone, sees them arrive without a reload and downloads the very same bytes; the broker deletes
// one and it disappears from the customer's page.
import { expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { emailedCode, screenshot, usePortalInBrowser, viewports } from "./support.ts";

const { portal, openPage } = usePortalInBrowser();

const pdf = { name: "closing-disclosure.pdf", mimeType: "application/pdf", buffer: readFileSync(join(import.meta.dir, "..", "hostile", "files", "alphatrans.pdf")) };
const video = { name: "walkthrough.mp4", mimeType: "video/mp4", buffer: readFileSync(join(import.meta.dir, "files", "walkthrough.mp4")) };
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** The customer makes an account on their link (password, then the emailed code). */
async function signUpOnLink(page: Page, email: string) {
  await page.getByRole("button", { name: "Sign In" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(/^Email/).fill(email);
  await dialog.getByRole("button", { name: "Continue", exact: true }).click();
  await dialog.getByLabel(/^Password/).fill("carla password");
  await dialog.getByLabel(/^Confirm password/).fill("carla password");
  await dialog.getByRole("button", { name: "Continue", exact: true }).click();
  await dialog.getByLabel(/^6-digit code/).waitFor();
  await dialog.getByLabel(/^6-digit code/).fill(emailedCode(portal, email, "account_code"));
  await dialog.getByRole("button", { name: "Create Account" }).click();
  await page.getByText("Account Created!").first().waitFor();
}

/** Downloads through the page's Download button and returns the saved file's sha256. */
async function downloadedHash(page: Page, label: string): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: label }).click()]);
  const path = await download.path();
  return sha256(readFileSync(path));
}

test("share a PDF and a video with a customer and a new one; the customer sees them live on a phone, downloads them, and sees a deletion", async () => {
  const broker = await openPage(viewports.desktop);
  const api = broker.page.request;
  const headers = { "sec-fetch-site": "same-origin" };
  expect((await api.post(`${portal.url}/api/auth/signup`, { data: { email: "bea@example.com", password: "a good password", firstName: "Bea", lastName: "Broker" }, headers })).status()).toBe(201);
  const carla = await (
    await api.post(`${portal.url}/api/customers`, { data: { email: "carla@example.com", name: "Carla Customer", requiredDocuments: [{ name: "Paystub" }] }, headers })
  ).json();

  // Carla signs in on her phone and keeps the page open.
  const phone = await openPage(viewports.phone);
  await phone.page.goto(`${portal.url}/upload/${carla.uploadLink}`);
  await phone.page.getByRole("heading", { name: "Welcome, Carla" }).waitFor();
  await phone.page.getByText("Sign in to view and download the files your broker shares with you.").waitFor();
  await signUpOnLink(phone.page, "carla@example.com");
  await phone.page.getByRole("progressbar", { name: "Upload Status" }).waitFor();
  // Wait for the page's live channel, so the share below arrives as a push.
  await phone.page.waitForTimeout(300);

  // The broker opens Send Documents from the dashboard, picks both files, Carla and a new email.
  await broker.page.goto(`${portal.url}/dashboard`);
  await broker.page.getByRole("button", { name: "Send Document" }).click();
  const dialog = broker.page.getByRole("dialog", { name: "Send Documents" });
  await dialog.getByText("PDF, JPG, JPEG, PNG, MP4, MOV, AVI, MKV (max 10MB each)").waitFor();
  const [chooser] = await Promise.all([broker.page.waitForEvent("filechooser"), dialog.getByRole("button", { name: "Choose files" }).click()]);
  await chooser.setFiles([pdf, video]);
  await dialog.getByRole("list", { name: "Files to send" }).getByText("walkthrough.mp4").waitFor();
  await dialog.getByRole("searchbox", { name: "Search customers" }).fill("carla");
  // React Aria's checkbox is its label; the input inside is visually hidden.
  await dialog.locator("label").filter({ hasText: "Carla Customer" }).click();
  expect(await dialog.getByRole("checkbox", { name: /Carla Customer/ }).isChecked()).toBe(true);
  await dialog.getByRole("textbox", { name: /New customer email/ }).fill("nina@example.com");
  await screenshot(broker.page, "share-dialog-desktop");
  await broker.page.setViewportSize(viewports.phone);
  await broker.page.waitForTimeout(200);
  await screenshot(broker.page, "share-dialog-phone");
  await broker.page.setViewportSize(viewports.desktop);
  await dialog.getByRole("button", { name: "Send Documents" }).click();
  await broker.page.getByText("Shared 2 documents with 2 customers and a consolidated email sent to each.").waitFor();
  await dialog.waitFor({ state: "detached" });

  // The dashboard panel groups the rows by customer, with View Customer.
  const panel = broker.page.getByRole("region", { name: "Shared Documents" });
  await panel.getByRole("list", { name: "Shared with Nina" }).getByText("walkthrough.mp4").waitFor();
  await panel.getByRole("list", { name: "Shared with Carla Customer" }).getByText("closing-disclosure.pdf").waitFor();
  await panel.scrollIntoViewIfNeeded();
  await screenshot(broker.page, "shared-panel-desktop");
  await broker.page.setViewportSize(viewports.phone);
  await panel.scrollIntoViewIfNeeded();
  await screenshot(broker.page, "shared-panel-phone");
  await broker.page.setViewportSize(viewports.desktop);

  // The new customer exists with no required documents (shared files are not requirements).
  const customers = (await (await api.get(`${portal.url}/api/customers`)).json()) as any[];
  const nina = customers.find((c) => c.email === "nina@example.com");
  expect(nina).toMatchObject({ name: "Nina", documentCounts: { total: 0 } });

  // Carla's open phone page shows both files without a reload, and she downloads the same bytes.
  const shared = phone.page.getByRole("region", { name: "Shared Documents" });
  await shared.getByText("closing-disclosure.pdf").first().waitFor({ timeout: 10_000 });
  await shared.getByText("walkthrough.mp4").first().waitFor();
  await shared.scrollIntoViewIfNeeded();
  await screenshot(phone.page, "portal-shared-phone");
  expect(await downloadedHash(phone.page, "Download closing-disclosure.pdf")).toBe(sha256(pdf.buffer));
  expect(await downloadedHash(phone.page, "Download walkthrough.mp4")).toBe(sha256(video.buffer));

  // The broker deletes the PDF from Carla's detail page (after the browser's confirmation).
  await panel.getByRole("link", { name: "View Customer Carla Customer" }).click();
  await broker.page.getByRole("heading", { level: 1, name: "Carla Customer" }).waitFor();
  const card = broker.page.getByRole("region", { name: "Shared Documents" });
  const question: string[] = [];
  broker.page.once("dialog", (confirm) => {
    question.push(confirm.message());
    void confirm.accept();
  });
  await card.getByRole("button", { name: "Delete closing-disclosure.pdf" }).click();
  await broker.page.getByText("Document Deleted").first().waitFor();
  expect(question).toEqual(['Are you sure you want to delete "closing-disclosure.pdf"? This action cannot be undone.']);

  // ... and it leaves Carla's page, live; the video stays.
  await shared.getByText("closing-disclosure.pdf").waitFor({ state: "detached", timeout: 10_000 });
  await shared.getByText("walkthrough.mp4").first().waitFor();

  expect(phone.errors).toEqual([]);
  expect(broker.errors).toEqual([]);
  await phone.context.close();
  await broker.context.close();
});
