// First journey: a broker signs up on the landing page, lands on the dashboard, logs out, signs
// in again, and an unknown path shows the 404 page. Real executable, real Chromium.
import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { emailedCode, screenshot, usePortalInBrowser, viewports } from "./support.ts";

const { portal, openPage } = usePortalInBrowser();

const dialog = (page: Page) => page.getByRole("dialog");

test("sign up, dashboard, log out, sign in, 404", async () => {
  const { context, page, errors } = await openPage(viewports.desktop);
  await page.goto(portal.url);
  await page.getByRole("button", { name: "Try for Free" }).first().waitFor();
  await screenshot(page, "landing-desktop");

  // Sign up.
  await page.getByRole("button", { name: "Try for Free" }).first().click();
  await dialog(page).getByLabel("First name").fill("Dana");
  await dialog(page).getByLabel("Last name").fill("Broker");
  await dialog(page).getByLabel(/^Email/).fill("dana@example.com");
  await dialog(page).getByLabel(/^Password/).fill("a good password");
  await dialog(page).getByLabel(/^Confirm password/).fill("a good password");
  await screenshot(page, "signup-modal-desktop");
  await dialog(page).getByRole("button", { name: "Create account", exact: true }).click();

  await page.waitForURL(`${portal.url}/dashboard`);
  await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
  await page.getByRole("button", { name: /Account menu for Dana Broker/ }).waitFor();
  await screenshot(page, "dashboard-desktop");

  // Log out from the avatar menu.
  await page.getByRole("button", { name: /Account menu for Dana Broker/ }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await page.waitForURL(`${portal.url}/`);
  await page.getByText("Logged out successfully").waitFor();
  // Signed out, a protected route shows the landing page.
  await page.goto(`${portal.url}/dashboard`);
  await page.getByRole("button", { name: "Broker Login" }).first().waitFor();

  // Wrong password shows the server's message; the right one signs in.
  await page.getByRole("button", { name: "Broker Login" }).first().click();
  await dialog(page).getByLabel(/^Email/).fill("dana@example.com");
  await dialog(page).getByLabel(/^Password/).fill("not the password");
  await dialog(page).getByRole("button", { name: "Sign in", exact: true }).click();
  await dialog(page).getByText("Invalid email or password").waitFor();
  await dialog(page).getByLabel(/^Password/).fill("a good password");
  await dialog(page).getByRole("button", { name: "Sign in", exact: true }).click();
  await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
  expect(new URL(page.url()).pathname).toBe("/dashboard");
  // The sign-in dialog is gone: focus goes on from the new screen's heading, not from <body>.
  await page.waitForFunction(() => document.activeElement?.tagName === "H1");
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Dashboard");
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Send Document");

  // An unknown path renders the app's 404 page.
  await page.goto(`${portal.url}/no/such/page`);
  await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
  expect(await page.getByText("Did you forget to add the page to the router?").isVisible()).toBe(true);

  expect(errors).toEqual([]);
  await context.close();
});

test("a second broker proves the email with the emailed code", async () => {
  const { context, page, errors } = await openPage(viewports.desktop);
  await page.goto(portal.url);
  await page.getByRole("button", { name: "Try for Free" }).first().click();
  await dialog(page).getByLabel(/^Email/).fill("eli@example.com");
  await dialog(page).getByLabel(/^Password/).fill("another good password");
  await dialog(page).getByLabel(/^Confirm password/).fill("another good password");
  await dialog(page).getByRole("button", { name: "Create account", exact: true }).click();

  await dialog(page).getByText("We sent a 6-digit code to eli@example.com. Enter it to finish creating your account.").waitFor();
  const codeField = dialog(page).getByLabel(/^6-digit code/);
  expect(await codeField.evaluate((input) => input === document.activeElement)).toBe(true);
  const first = emailedCode(portal, "eli@example.com", "broker_signup_code");
  await codeField.fill(first === "000000" ? "000001" : "000000");
  await codeField.press("Enter");
  await dialog(page).getByText("That code is wrong or has expired. Check the newest email, or send a new code.").waitFor();
  await screenshot(page, "signup-code-desktop");

  await dialog(page).getByRole("button", { name: "Send a new code" }).click();
  await dialog(page).getByText("We sent a new code to eli@example.com.").waitFor();
  await codeField.fill(emailedCode(portal, "eli@example.com", "broker_signup_code"));
  await dialog(page).getByRole("button", { name: "Verify and create account" }).click();
  await page.waitForURL(`${portal.url}/dashboard`);
  await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();

  // The browser logs the wrong code's 400; nothing else failed.
  expect(errors).toEqual(["Failed to load resource: the server responded with a status of 400 (Bad Request)"]);
  await context.close();
});

test("phone: the landing page and the signed-in shell with its drawer", async () => {
  const { context, page, errors } = await openPage(viewports.phone);
  await page.goto(portal.url);
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  await screenshot(page, "landing-phone");

  // Sign in through the API from this browser context: the cookie it sets is the session.
  const res = await page.request.post(`${portal.url}/api/auth/signin`, {
    data: { email: "dana@example.com", password: "a good password" },
    headers: { "sec-fetch-site": "same-origin" },
  });
  expect(res.status()).toBe(200);
  await page.goto(`${portal.url}/customers`);
  await page.getByRole("heading", { name: "All Customers", level: 1 }).waitFor();
  await page.getByRole("button", { name: /menu/i }).first().click();
  await page.getByRole("link", { name: "Dashboard" }).waitFor();
  await page.waitForTimeout(500); // let the slide-in finish before the picture
  await screenshot(page, "drawer-phone");
  expect(errors).toEqual([]);
  await context.close();
});
