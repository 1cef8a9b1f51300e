// Checklist templates in a real browser against the compiled portal: a broker makes a template on
// the Templates screen (by keyboard, at phone width), invites a customer from it with Add New
// Customer, and the customer's portal lists the documents with the template's rules.
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { repoRoot } from "../support/cli.ts";
import { screenshot, usePortalInBrowser, viewports } from "./support.ts";

const { portal, openPage } = usePortalInBrowser();
const axeSource = readFileSync(join(repoRoot, "node_modules/axe-core/axe.min.js"), "utf8");

/** axe's serious and critical findings on the page as it is now, as "rule: targets" lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const result = await (window as unknown as { axe: any }).axe.run(document);
    return result.violations
      .filter((v: { impact: string }) => v.impact === "serious" || v.impact === "critical")
      .map((v: { id: string; nodes: { target: string[] }[] }) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  });
}

test("a broker's template becomes a customer's checklist, with its acceptance rules", async () => {
  const { context, page, errors } = await openPage(viewports.phone);
  const signup = await page.request.post(`${portal.url}/api/auth/signup`, {
    data: { email: "tina@example.com", password: "a good password", firstName: "Tina", lastName: "Template" },
    headers: { "sec-fetch-site": "same-origin" },
  });
  expect(signup.status()).toBe(201);

  // The Templates screen at 390 px: the ready-made ones are there; a new one is made by keyboard.
  await page.goto(`${portal.url}/templates`);
  await page.getByRole("heading", { level: 2, name: "Ready-made templates" }).waitFor();
  await page.getByRole("heading", { name: "FHA / VA loan" }).waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "New template" }).focus();
  await page.keyboard.press("Enter");
  const editor = page.getByRole("dialog", { name: "New template" });
  await editor.getByLabel(/^Template name/).waitFor();
  await page.keyboard.type("Move-in pack");
  await editor.getByLabel("Document 1 name").fill("Photo ID");
  await editor.getByRole("button", { name: "Add document" }).focus();
  await page.keyboard.press("Enter");
  await editor.getByLabel("Document 2 name").fill("Lease Agreement");
  await editor.getByLabel("Document 2 description").fill("The signed lease, every page");
  const rules = editor.getByRole("group", { name: "Document 2 acceptance rules" });
  await rules.locator("label", { hasText: "Photo" }).click(); // PDF only
  await rules.getByLabel("Min pages").fill("3");
  await screenshot(page, "templates-editor-phone");
  expect(await seriousViolations(page)).toEqual([]);
  await editor.getByRole("button", { name: "Save template" }).click();
  await page.getByText("Template saved").first().waitFor();
  await page.getByRole("heading", { name: "Move-in pack" }).waitFor();

  // Add New Customer starts from it.
  await page.setViewportSize(viewports.desktop);
  await page.goto(`${portal.url}/dashboard`);
  await page.getByRole("button", { name: "Add New Customer" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add New Customer" });
  await dialog.getByLabel(/^Customer Email/).fill("rita.renter@example.com");
  await dialog.getByRole("button", { name: /Start from a template/ }).click();
  await page.getByRole("option", { name: "Move-in pack (yours)" }).click();
  await dialog.getByText("Filled from Move-in pack: 2 documents selected, each with its acceptance rules.").waitFor();
  expect(await dialog.getByRole("checkbox", { name: /^Photo ID/ }).first().isChecked()).toBe(true);
  await dialog.getByRole("button", { name: "Create Customer" }).click();
  await page.getByText("Customer invited successfully").waitFor();

  const [customer] = await (await page.request.get(`${portal.url}/api/customers`)).json();
  const detail = await (await page.request.get(`${portal.url}/api/customer/${customer.id}`)).json();
  expect(detail.documents.map((d: { name: string }) => d.name).sort()).toEqual(["Lease Agreement", "Photo ID"]);

  // The customer's portal lists the documents with what each must be.
  const phone = await openPage(viewports.phone);
  await phone.page.goto(`${portal.url}/upload/${customer.uploadLink}`);
  const lease = phone.page.getByRole("list", { name: "What Lease Agreement must be" });
  await lease.waitFor();
  expect(await lease.innerText()).toContain("PDF: at least 3 pages");
  expect(await lease.innerText()).not.toContain("Photo:");
  await phone.page.getByText("The signed lease, every page").first().waitFor();
  await screenshot(phone.page, "templates-portal-phone");

  expect(errors).toEqual([]);
  expect(phone.errors).toEqual([]);
  await phone.context.close();
  await context.close();
});
