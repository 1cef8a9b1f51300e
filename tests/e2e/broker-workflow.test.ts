// Broker workflow in a real browser against the compiled portal: invite a customer with the Add
// New Customer dialog, see the customer's upload arrive live on the detail page (no reload),
// approve it, and look at the dashboard and detail screens at desktop and phone widths.
import { expect, test } from "bun:test";
import type { Locator, Page } from "playwright-core";
import { realPdf } from "../files/samples.ts";
import { screenshot, usePortalInBrowser, viewports } from "./support.ts";

const { portal, openPage } = usePortalInBrowser();

/** Fails unless the whole element is drawn inside the window, with no scrolling. */
async function expectInView(page: Page, element: Locator) {
  const box = await element.boundingBox();
  const size = page.viewportSize()!;
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(size.height);
}

async function uploadAsCustomer(uploadLink: string, documentId: string) {
  const form = new FormData();
  form.append("file", new Blob([realPdf(1, { comment: "e2e" })], { type: "application/pdf" }), "paystub.pdf");
  form.append("isGuest", "true");
  const res = await fetch(`${portal.url}/api/upload/${uploadLink}/documents/${documentId}`, { method: "POST", body: form });
  expect(res.status).toBe(200);
}

test("invite a customer, see their upload arrive live, approve it", async () => {
  const { context, page, errors } = await openPage(viewports.desktop);
  const signup = await page.request.post(`${portal.url}/api/auth/signup`, {
    data: { email: "wanda@example.com", password: "a good password", firstName: "Wanda", lastName: "Workflow" },
    headers: { "sec-fetch-site": "same-origin" },
  });
  expect(signup.status()).toBe(201);

  await page.goto(`${portal.url}/dashboard`);
  await page.getByRole("button", { name: "Add New Customer" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add New Customer" });
  await dialog.getByLabel(/^Customer Email/).fill("casey.customer@example.com");
  // react-aria keeps the real checkbox visually hidden; a person clicks its label.
  await dialog.locator("label", { hasText: "Paystub" }).first().click();
  await dialog.locator("label", { hasText: "Bank Statement" }).first().click();
  expect(await dialog.getByRole("checkbox", { name: /Paystub/ }).first().isChecked()).toBe(true);
  await dialog.getByRole("button", { name: "Create Customer" }).click();
  await page.getByText("Customer invited successfully").waitFor();

  const customers = await (await page.request.get(`${portal.url}/api/customers`)).json();
  expect(customers).toHaveLength(1);
  const customer = await (await page.request.get(`${portal.url}/api/customer/${customers[0].id}`)).json();
  expect(customer.documents.map((d: { name: string }) => d.name).sort()).toEqual(["Bank Statement", "Paystub"]);
  // The dashboard's overview shows the new customer without a reload.
  await page.getByText("casey.customer@example.com").first().waitFor();
  await screenshot(page, "dashboard-desktop-with-data");

  // Wait until the page's live channel is connected, so what follows proves a live push.
  const live = page.waitForEvent("websocket").then((ws) => ws.waitForEvent("framereceived", (f) => String(f.payload).includes("auth_success")));
  await page.goto(`${portal.url}/customer/${customer.id}`);
  await page.getByRole("heading", { name: /Casey\.customer/ }).first().waitFor();
  await live;
  const paystub = customer.documents.find((d: { name: string }) => d.name === "Paystub");

  // The customer uploads from their phone; the broker's open page updates by itself.
  await uploadAsCustomer(customer.uploadLink, paystub.id);
  await page.getByRole("button", { name: "Approve Paystub" }).waitFor({ timeout: 10_000 });
  await page.getByText("Under Review").first().waitFor();

  // The viewer fits the screen: its review buttons are in sight without scrolling past the PDF.
  await page.getByRole("button", { name: "View Paystub" }).click();
  const viewer = page.getByRole("dialog", { name: "Paystub" });
  await viewer.getByRole("group", { name: "Page 1 of 1" }).waitFor();
  await expectInView(page, viewer.getByRole("button", { name: "Approve" }));
  await screenshot(page, "document-viewer-desktop");
  // Approve from the viewer, then cancel: the viewer is gone, so focus goes to the document's heading.
  await viewer.getByRole("button", { name: "Approve" }).click();
  await page.getByRole("dialog", { name: "Approve Document" }).waitFor();
  await page.keyboard.press("Escape");
  await page.getByRole("dialog", { name: "Approve Document" }).waitFor({ state: "detached" });
  await page.waitForFunction(() => document.activeElement?.tagName === "H3");
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Paystub");

  await page.getByRole("button", { name: "Approve Paystub" }).click();
  await page.getByRole("dialog", { name: "Approve Document" }).getByRole("button", { name: "Approve Document" }).click();
  await page.getByText("Document verified").first().waitFor();
  await page.getByText("1 of 2 Approved").waitFor();
  await screenshot(page, "customer-detail-desktop");

  // The notification bell counts the customer's upload (not the broker's own invitation or approval).
  await page.getByRole("button", { name: /^Notifications, \d+\+? unread$/ }).waitFor();

  await page.setViewportSize(viewports.phone);
  await page.reload();
  await page.getByText("1 of 2 Approved").waitFor();
  await screenshot(page, "customer-detail-phone");
  await page.getByRole("button", { name: "View Paystub" }).click();
  await page.getByRole("dialog", { name: "Paystub" }).getByRole("group", { name: "Page 1 of 1" }).waitFor();
  await expectInView(page, page.getByRole("dialog", { name: "Paystub" }).getByRole("button", { name: "Expiry Date" }));
  await screenshot(page, "document-viewer-phone");
  await page.keyboard.press("Escape");
  // A long address is shown whole on a phone (two customers often differ only at its end).
  const longEmail = "christopher.montgomery-fitzgerald.household@family-office.example.com";
  const created = await page.request.post(`${portal.url}/api/customers`, {
    data: { email: longEmail, name: "Christopher Montgomery", requiredDocuments: [{ name: "Paystub" }] },
    headers: { "sec-fetch-site": "same-origin" },
  });
  expect(created.status()).toBe(201);
  await page.goto(`${portal.url}/dashboard`);
  await page.getByText("casey.customer@example.com").first().waitFor();
  const shown = page.getByText(longEmail).first();
  expect(await shown.evaluate((el) => el.scrollWidth <= el.clientWidth && getComputedStyle(el).textOverflow !== "ellipsis")).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);
  await screenshot(page, "dashboard-phone-with-data");
  await shown.scrollIntoViewIfNeeded();
  await screenshot(page, "dashboard-phone-long-email");

  expect(errors).toEqual([]);
  await context.close();
});
