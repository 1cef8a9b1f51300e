// A broker's own account in the browser: fill in the Profile's contact details, see them as the
// customer does (the help block's tel: and mailto:), forget the password and reset it through
// the emailed link, then sign in with the new one. Real executable, real Chromium.
import { Database } from "bun:sqlite";
import { expect, test } from "bun:test";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { databaseFileName } from "../../db/client.ts";
import { latestEmail } from "../support/outbox.ts";
import { screenshot, usePortalInBrowser, viewports } from "./support.ts";

const { portal, openPage } = usePortalInBrowser();
const dialog = (page: Page) => page.getByRole("dialog");

function resetLink(to: string): string {
  const db = new Database(join(portal.dataDir, databaseFileName), { readonly: true });
  try {
    const link = latestEmail(db, to, "broker_password_reset")?.text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0];
    if (!link) throw new Error(`no reset link was emailed to ${to}`);
    return link;
  } finally {
    db.close();
  }
}

test("profile contact details reach the customer's help block; a forgotten password is reset by the emailed link", async () => {
  const { context, page, errors } = await openPage(viewports.desktop);
  await page.goto(portal.url);
  await page.getByRole("button", { name: "Try for Free" }).first().click();
  await dialog(page).getByLabel(/^Email/).fill("pat@example.com");
  await dialog(page).getByLabel(/^Password/).fill("first good password");
  await dialog(page).getByLabel(/^Confirm password/).fill("first good password");
  await dialog(page).getByRole("button", { name: "Create account", exact: true }).click();
  await page.waitForURL(`${portal.url}/dashboard`);

  await page.goto(`${portal.url}/profile`);
  const card = page.getByRole("region", { name: "Contact and branding" });
  await card.getByLabel("First name").fill("Pat");
  await card.getByLabel("Phone").fill("+1 555 010 7788");
  await card.getByLabel("Contact email").fill("desk@harbor.example");
  await card.getByRole("button", { name: "Save profile" }).click();
  await page.getByText("Profile saved").first().waitFor();
  // The company is the workspace's branding, which Pat, its owner, saves on its own.
  await card.getByLabel("Company").fill("Harbor Loans");
  await card.getByRole("button", { name: "Save branding" }).click();
  await page.getByText("Branding saved").first().waitFor();
  await screenshot(page, "profile-desktop");

  // A customer invited now sees how to reach the broker.
  const created = await page.request.post(`${portal.url}/api/customers`, {
    data: { email: "casey@example.com", requiredDocuments: [{ name: "Paystub" }] },
  });
  expect(created.status()).toBe(201);
  const { uploadLink } = (await created.json()) as { uploadLink: string };
  const customer = await context.browser()!.newContext();
  const portalPage = await customer.newPage();
  await portalPage.goto(`${portal.url}/upload/${uploadLink}`);
  const help = portalPage.getByRole("region", { name: "Need help?" });
  expect(await help.getByRole("link", { name: /Call Pat/ }).getAttribute("href")).toBe("tel:+15550107788");
  expect(await help.getByRole("link", { name: /Email Pat/ }).getAttribute("href")).toBe("mailto:desk@harbor.example");
  await help.getByText("Harbor Loans").waitFor();
  await customer.close();

  // Sign out, forget the password, reset it by the emailed link.
  await page.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await page.waitForURL(`${portal.url}/`);
  await page.getByRole("button", { name: "Broker Login" }).first().click();
  await dialog(page).getByRole("button", { name: "Forgot password?" }).click();
  await dialog(page).getByLabel(/^Email/).fill("pat@example.com");
  await dialog(page).getByRole("button", { name: "Send reset link" }).click();
  await dialog(page).getByText("If an account exists for this email, we sent a link to reset the password.").waitFor();
  await page.keyboard.press("Escape");

  // The link is built from PUBLIC_URL (localhost here); the test's browser uses 127.0.0.1.
  const link = new URL(resetLink("pat@example.com"));
  await page.goto(`${portal.url}${link.pathname}${link.search}`);
  await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
  expect(page.url()).not.toContain("token=");
  await page.getByLabel(/^New password/).fill("second good password");
  await page.getByLabel(/^Confirm new password/).fill("second good password");
  await page.getByRole("button", { name: "Set new password" }).click();
  await page.getByText(/Your password has been reset/).waitFor();

  await page.getByRole("link", { name: "Go to sign in" }).click();
  await page.getByRole("button", { name: "Broker Login" }).first().click();
  await dialog(page).getByLabel(/^Email/).fill("pat@example.com");
  await dialog(page).getByLabel(/^Password/).fill("second good password");
  await dialog(page).getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(`${portal.url}/dashboard`);

  expect(errors).toEqual([]);
  await context.close();
});

test("phone: the profile's cards fit 390 px", async () => {
  const { context, page } = await openPage(viewports.phone);
  await page.goto(portal.url);
  await page.getByRole("button", { name: "Broker Login" }).first().click();
  await dialog(page).getByLabel(/^Email/).fill("pat@example.com");
  await dialog(page).getByLabel(/^Password/).fill("second good password");
  await dialog(page).getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(`${portal.url}/dashboard`);
  await page.goto(`${portal.url}/profile`);
  await page.getByRole("region", { name: "Contact and branding" }).waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, "profile-phone");
  await context.close();
});
