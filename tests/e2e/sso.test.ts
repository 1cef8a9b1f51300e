// Journeys of issue 19 in the compiled portal and real Chromium: signing in with the brokerage's
// identity provider (a real OpenID Connect provider on a random port, oauth2-mock-server), a
// provider refusal ending on the landing page, and a password broker turning on two-factor on the
// Profile and signing in with a code from their authenticator.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { startProvider, type TestProvider } from "../support/oidc.ts";
import { authenticatorCode, STEP_MS } from "../support/totp.ts";
import { emailedCode, launchBrowser, newPage, screenshot, startPortal, viewports, type Portal } from "./support.ts";

let provider: TestProvider;
let portal: Portal;
let browser: Browser;
// The portal's PUBLIC_URL is http://localhost:<port> (the provider sends the browser back there),
// so the browser uses that name too: the sign-in's binding cookie belongs to it.
let base: string;

beforeAll(async () => {
  provider = await startProvider();
  portal = await startPortal(provider.env);
  base = portal.url.replace("127.0.0.1", "localhost");
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await provider?.stop();
});

const dialog = (page: Page) => page.getByRole("dialog");

test("sign in with the identity provider: a new broker lands on the dashboard", async () => {
  provider.signInAs({ sub: "e2e-1", email: "olivia@brokerage.example", email_verified: true, given_name: "Olivia", family_name: "Okafor" });
  const { context, page, errors } = await newPage(browser, viewports.phone);
  await page.goto(base);
  await page.getByRole("button", { name: "Broker Login" }).first().click();
  const link = dialog(page).getByRole("link", { name: "Sign in with Acme ID" });
  await link.waitFor();
  await screenshot(page, "sso-sign-in-dialog-phone");
  await link.click();

  await page.waitForURL(`${base}/dashboard`);
  await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
  await page.getByRole("button", { name: /Account menu for Olivia Okafor/ }).waitFor();
  expect(errors).toEqual([]);
  await context.close();
});

test("a refused provider sign-in ends on the landing page with the reason", async () => {
  provider.signInAs({ sub: "e2e-2", email: "unverified@brokerage.example", email_verified: false });
  const { context, page, errors } = await newPage(browser, viewports.desktop);
  await page.goto(base);
  await page.getByRole("button", { name: "Broker Login" }).first().click();
  await dialog(page).getByRole("link", { name: "Sign in with Acme ID" }).click();

  await page.getByText("Acme ID did not confirm that your email address is verified, so you cannot sign in with it.").waitFor();
  expect(new URL(page.url()).search).toBe("");
  await screenshot(page, "sso-error-landing-desktop");
  expect(errors).toEqual([]);
  await context.close();
});

test("two-factor: set up on the Profile, then sign-in asks for the code", async () => {
  const { context, page, errors } = await newPage(browser, viewports.desktop);
  await page.goto(base);
  // A password broker (sign-up beside the provider).
  await page.getByRole("button", { name: "Try for Free" }).first().click();
  await dialog(page).getByLabel(/^Email/).fill("tess@brokerage.example");
  await dialog(page).getByLabel(/^Password/).fill("a good password");
  await dialog(page).getByLabel(/^Confirm password/).fill("a good password");
  await dialog(page).getByRole("button", { name: "Create account", exact: true }).click();
  // Not the portal's first broker: the emailed code finishes sign-up.
  const codeField = dialog(page).getByLabel(/^6-digit code/);
  await codeField.waitFor();
  await codeField.fill(emailedCode(portal, "tess@brokerage.example", "broker_signup_code"));
  await dialog(page).getByRole("button", { name: "Verify and create account" }).click();
  await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();

  await page.goto(`${base}/profile`);
  const card = page.locator("section", { has: page.getByRole("heading", { name: "Two-Factor Authentication" }) });
  await card.getByRole("button", { name: "Set up two-factor" }).click();
  await card.getByRole("button", { name: "Set up authenticator app" }).click();
  await card.getByRole("img", { name: "QR code for your authenticator app" }).waitFor();
  const secret = (await card.getByTestId("totp-secret").textContent())!.replace(/\s/g, "");
  await screenshot(page, "two-factor-setup-desktop");
  await card.getByLabel(/^Authentication code/).fill(authenticatorCode(secret, new Date()));
  await card.getByRole("button", { name: "Turn on two-factor" }).click();
  const codeList = card.getByRole("list", { name: "Recovery codes" });
  await codeList.getByRole("listitem").nth(9).waitFor(); // allTextContents does not wait
  const codes = await codeList.getByRole("listitem").allTextContents();
  expect(codes).toHaveLength(10);
  await card.getByRole("button", { name: "I have saved my codes" }).click();
  await card.getByText("On", { exact: true }).waitFor();

  // Sign out, then in: the password is not enough.
  await page.getByRole("button", { name: /Account menu for/ }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await page.waitForURL(`${base}/`);
  await page.getByRole("button", { name: "Broker Login" }).first().click();
  await dialog(page).getByLabel(/^Email/).fill("tess@brokerage.example");
  await dialog(page).getByLabel(/^Password/).fill("a good password");
  await dialog(page).getByRole("button", { name: "Sign in", exact: true }).click();
  await dialog(page).getByText("Enter the code from your authenticator app to finish signing in.").waitFor();
  // The next window's code: the set-up's code is spent, and the phone may run a little ahead.
  await dialog(page).getByLabel(/^Authentication code/).fill(authenticatorCode(secret, new Date(Date.now() + STEP_MS)));
  await dialog(page).getByRole("button", { name: "Verify and sign in" }).click();
  await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
  expect(errors).toEqual([]);
  await context.close();
});
