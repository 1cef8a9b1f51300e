// API keys in the browser against the compiled portal (issue 43): an owner creates a key on the
// Integrations page at 1280 px, copies it from the dialog that shows it once, and a request with
// `Authorization: Bearer <key>` lists their customers; revoked in the browser, the same request is
// 401. At 390 px the page fits the screen and the key is made with the keyboard only. axe finds
// nothing serious on the page, in the dialog or in the confirmation.
import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { brokerSignUp, screenshot, usePortalInBrowser, viewports } from "./support.ts";
import { seriousAxeFindings } from "./axe.ts";

const { portal, openPage } = usePortalInBrowser();
const sameOrigin = { "sec-fetch-site": "same-origin" };

const customersWithKey = (key: string) => fetch(`${portal.url}/api/customers`, { headers: { authorization: `Bearer ${key}` } });

async function openIntegrations(page: Page, phone: boolean) {
  await page.goto(`${portal.url}/dashboard`);
  if (phone) await page.getByRole("button", { name: /menu/i }).first().click();
  await page.getByRole("link", { name: "Integrations" }).click();
  await page.getByRole("heading", { name: "Integrations", level: 1 }).waitFor();
  await page.getByText("No API keys yet").waitFor();
}

test("an owner creates a key (1280 px), it lists their customers over the API, and once revoked it is refused", async () => {
  const { page, context, errors } = await openPage(viewports.desktop);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: portal.url });
  await brokerSignUp(portal, context.request, { email: "olive-keys@acme.example", firstName: "Olive", lastName: "Keys" });
  const added = await context.request.post(`${portal.url}/api/customers`, {
    data: { email: "carla-keys@example.com", name: "Carla Keyholder", loanType: "fha", requiredDocuments: [{ name: "Paystub" }] },
    headers: sameOrigin,
  });
  expect(added.status(), await added.text()).toBe(201);

  await openIntegrations(page, false);
  expect(await seriousAxeFindings(page)).toEqual([]);
  await page.getByRole("button", { name: "Create API key" }).click();
  const dialog = page.getByRole("dialog", { name: "Create API key" });
  await dialog.getByRole("textbox", { name: /^Name/ }).fill("Pipeline CRM");
  expect(await seriousAxeFindings(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Create key" }).click();

  const shown = page.getByRole("dialog", { name: "Copy your API key" });
  await shown.getByText(/you will not see it again/).waitFor();
  const key = await shown.getByRole("textbox", { name: "API key for Pipeline CRM" }).inputValue();
  expect(key).toMatch(/^bpk_/);
  await shown.getByRole("button", { name: "Copy key" }).click();
  await shown.getByRole("button", { name: "Copied" }).waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  expect(await seriousAxeFindings(page)).toEqual([]);
  await screenshot(page, "integrations-key-shown-desktop");
  await shown.getByRole("button", { name: "Done" }).click();
  const row = page.getByRole("listitem", { name: "Pipeline CRM" });
  await row.getByText(key.slice(0, 8) + "…").waitFor();
  expect(await page.content()).not.toContain(key);

  const listed = await customersWithKey(key);
  expect(listed.status).toBe(200);
  expect(((await listed.json()) as { name: string }[]).map((c) => c.name)).toEqual(["Carla Keyholder"]);
  // Its use shows on the page when it is next opened.
  await page.reload();
  await page.getByRole("listitem", { name: "Pipeline CRM" }).getByText("Last used").waitFor();
  expect(await page.getByRole("listitem", { name: "Pipeline CRM" }).textContent()).not.toContain("Last usedNever");

  await page.getByRole("button", { name: "Revoke the API key Pipeline CRM" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Revoke this API key?" });
  expect(await seriousAxeFindings(page)).toEqual([]);
  await confirm.getByRole("button", { name: "Revoke key" }).click();
  await page.getByText("Pipeline CRM no longer works.").waitFor();
  await page.getByText("No API keys yet").waitFor();
  expect((await customersWithKey(key)).status).toBe(401);
  expect(errors).toEqual([]);
});

test("at 390 px the page fits and a key is made with the keyboard only", async () => {
  const { page, context, errors } = await openPage(viewports.phone);
  await brokerSignUp(portal, context.request, { email: "olive-phone@acme.example", firstName: "Olive", lastName: "Phone" });
  await openIntegrations(page, true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);

  await page.getByRole("button", { name: "Create API key" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Create API key" });
  // The name field has focus as the dialog opens.
  await page.keyboard.type("Phone CRM");
  await page.keyboard.press("Tab"); // Read (ticked)
  await page.keyboard.press("Tab"); // Write
  await page.keyboard.press("Space");
  expect(await dialog.getByRole("checkbox", { name: /Write/ }).isChecked()).toBe(true);
  await dialog.getByRole("button", { name: "Create key" }).focus();
  await page.keyboard.press("Enter");
  const shown = page.getByRole("dialog", { name: "Copy your API key" });
  await shown.getByText(/you will not see it again/).waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);
  await shown.getByRole("button", { name: "Done" }).focus();
  await page.keyboard.press("Enter");
  const row = page.getByRole("listitem", { name: "Phone CRM" });
  await row.getByText("Write").waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);
  expect(await seriousAxeFindings(page)).toEqual([]);
  await screenshot(page, "integrations-keys-phone");
  expect(errors).toEqual([]);
});
