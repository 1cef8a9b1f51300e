// The whole loop in real browsers against the compiled portal: a broker invites a customer;
// the customer, on a phone, uploads on the link as a guest and then creates an account; the
// broker approves on a laptop; the customer's open page shows the approval without a reload.
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { realPdf } from "../files/samples.ts";
import { brokerSignUp, emailedCode, screenshot, usePortalInBrowser, viewports } from "./support.ts";

const { portal, openPage } = usePortalInBrowser();

const pdf = { name: "paystub-march.pdf", mimeType: "application/pdf", buffer: Buffer.from(realPdf(1, { comment: "e2e portal" })) };

async function chooseFile(page: Page, documentName: string) {
  const [chooser] = await Promise.all([
    page.waitForEvent("filechooser"),
    page.getByRole("button", { name: `Choose file for ${documentName}` }).first().click(),
  ]);
  await chooser.setFiles(pdf);
}

test("invite, upload from a phone, sign up, approve, and the customer sees it live", async () => {
  // The broker invites a customer.
  const broker = await openPage(viewports.desktop);
  const signup = await broker.page.request.post(`${portal.url}/api/auth/signup`, {
    data: { email: "bea@example.com", password: "a good password", firstName: "Bea", lastName: "Broker" },
    headers: { "sec-fetch-site": "same-origin" },
  });
  expect(signup.status()).toBe(201);
  const created = await broker.page.request.post(`${portal.url}/api/customers`, {
    data: { email: "carla@example.com", name: "Carla Customer", requiredDocuments: [{ name: "Paystub" }, { name: "Photo ID" }] },
    headers: { "sec-fetch-site": "same-origin" },
  });
  const customer = await created.json();

  // The customer opens the link on a phone and uploads as a guest.
  const phone = await openPage(viewports.phone);
  await phone.page.goto(`${portal.url}/upload/${customer.uploadLink}`);
  await phone.page.getByRole("heading", { name: "Welcome, Carla" }).waitFor();
  // The page frame shows the welcome before the scripts run (issue 39, item 4): wait for React's page.
  await phone.page.getByRole("button", { name: "Sign in to track status" }).waitFor();
  await screenshot(phone.page, "portal-guest-phone");
  await chooseFile(phone.page, "Paystub");
  await phone.page.getByText("Upload Successful").first().waitFor();

  // ... then creates an account on the same link and sees the status.
  await phone.page.getByRole("button", { name: "Sign In" }).first().click();
  const dialog = phone.page.getByRole("dialog");
  await dialog.getByLabel(/^Email/).fill("carla@example.com");
  await dialog.getByRole("button", { name: "Continue", exact: true }).click();
  await dialog.getByLabel(/^Password/).fill("carla password");
  await dialog.getByLabel(/^Confirm password/).fill("carla password");
  await dialog.getByRole("button", { name: "Continue", exact: true }).click();
  // The code goes to Carla's mailbox; she types it in.
  await dialog.getByLabel(/^6-digit code/).waitFor();
  await screenshot(phone.page, "portal-signup-code-phone");
  await dialog.getByLabel(/^6-digit code/).fill(emailedCode(portal, "carla@example.com", "account_code"));
  await dialog.getByRole("button", { name: "Create Account" }).click();
  await phone.page.getByText("Account Created!").first().waitFor();
  await phone.page.getByText("Under Review").first().waitFor();
  // The dialog and its Sign in button are gone: focus goes on from the progress heading, not <body>.
  await phone.page.waitForFunction(() => document.activeElement?.tagName === "H2");
  expect(await phone.page.evaluate(() => document.activeElement?.id)).toBe("portal-progress");
  // Wait for the page's live channel, so the approval below arrives as a push.
  await phone.page.waitForTimeout(300);
  await screenshot(phone.page, "portal-signed-in-phone");

  // The broker approves on the detail page.
  await broker.page.goto(`${portal.url}/customer/${customer.id}`);
  await broker.page.getByRole("button", { name: "Approve Paystub" }).click();
  await broker.page.getByRole("dialog", { name: "Approve Document" }).getByRole("button", { name: "Approve Document" }).click();
  await broker.page.getByText("Document verified").first().waitFor();

  // The customer's open page shows it, and their bell counts the news, with no reload.
  await phone.page.getByText("Approved").first().waitFor({ timeout: 10_000 });
  await phone.page.getByRole("button", { name: /^Notifications, \d+\+? unread$/ }).waitFor();
  await screenshot(phone.page, "portal-approved-phone");

  await phone.page.setViewportSize(viewports.desktop);
  await phone.page.waitForTimeout(300);
  await screenshot(phone.page, "portal-approved-desktop");

  expect(phone.errors).toEqual([]);
  expect(broker.errors).toEqual([]);
  await phone.context.close();
  await broker.context.close();
});

test("on a phone, a refused upload's notice shows the whole reason, not its first two lines", async () => {
  const broker = await openPage(viewports.desktop);
  await brokerSignUp(portal, broker.page.request, { email: "rita@example.com", firstName: "Rita", lastName: "Broker" });
  const created = await broker.page.request.post(`${portal.url}/api/customers`, {
    data: { email: "omar@example.com", name: "Omar Customer", requiredDocuments: [{ name: "Photo ID" }] },
    headers: { "sec-fetch-site": "same-origin" },
  });
  const customer = await created.json();

  const phone = await openPage(viewports.phone);
  await phone.page.goto(`${portal.url}/upload/${customer.uploadLink}`);
  await phone.page.getByRole("heading", { name: "Welcome, Omar" }).waitFor();
  // A bank statement locked with a password (pdf.js's test suite): the longest of the reasons.
  const locked = { name: "statement.pdf", mimeType: "application/pdf", buffer: readFileSync(join(import.meta.dir, "../files/corpus/pdfjs--issue3371.pdf")) };
  const [chooser] = await Promise.all([phone.page.waitForEvent("filechooser"), phone.page.getByRole("button", { name: "Choose file for Photo ID" }).click()]);
  await chooser.setFiles(locked);
  const reason =
    "Upload failed: This PDF is protected with a password, so your broker could not open it either. Please send a copy without a password (open it and save or print it as a new PDF).";
  // In the toast (the strip of notifications), and kept on the document's card until the next try.
  const notice = phone.page.getByRole("region", { name: /notification/ }).getByText(reason);
  await notice.waitFor();
  expect(await phone.page.getByText(reason).count()).toBe(2);
  // Every line of it is drawn: nothing is cut off below the box it is in, and the whole notice is
  // on the screen.
  const clipped = await notice.evaluate((el) => el.scrollHeight > el.clientHeight + 1);
  expect(clipped).toBe(false);
  const lowest = await notice.evaluate((el) => {
    // Up to the fixed strip the toasts are drawn in; every box on the way must end on the screen.
    let bottom = 0;
    for (let box: Element | null = el; box; box = box.parentElement) {
      bottom = Math.max(bottom, box.getBoundingClientRect().bottom, ...[...box.children].map((c) => c.getBoundingClientRect().bottom));
      if (getComputedStyle(box).position === "fixed") break;
    }
    return bottom;
  });
  expect(lowest).toBeLessThanOrEqual(viewports.phone.height);
  await screenshot(phone.page, "portal-upload-refused-phone");
  // The refusal's own 400 is the browser's only complaint.
  expect(phone.errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
  expect(phone.errors.length).toBe(1);
  await phone.context.close();
  await broker.context.close();
});
