// The server stops mid-flow and comes back (issue 39, item 2 and its "Done means"), at phone width,
// against the compiled portal really stopped and started again on the same port: the broker moves
// to a screen not loaded yet, the customer opens a dialog not loaded yet. The banner shows under
// the page's header (never over its controls), and once the server is back it goes by itself and
// so does the error page: the screen appears without anyone pressing "Try again".
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { brokerSignUp, launchBrowser, newPage, startPortal, viewports, type RestartablePortal } from "./support.ts";

let portal: RestartablePortal;
let browser: Browser;
beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const bannerText = "Can't reach the portal right now.";

/** The banner is shown, and lies wholly below the page's header. */
async function expectBannerUnderHeader(page: Page) {
  const banner = page.getByText(bannerText);
  await banner.waitFor();
  const header = (await page.locator("#root header").first().boundingBox())!;
  const box = (await banner.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
}

/** Errors a stopped server causes by design: failed requests and chunks. Anything else fails the test. */
const unexpected = (errors: string[]) => errors.filter((message) => !/Failed to load resource|Failed to fetch|net::ERR_|WebSocket/i.test(message));

test("a broker moving to a screen while the server is stopped sees the banner under the header, then that screen once it is back", async () => {
  const { context, page, errors } = await newPage(browser, viewports.phone);
  await brokerSignUp(portal, context.request, { email: "otto@example.com", firstName: "Otto", lastName: "Outage" });
  const created = await context.request.post(`${portal.url}/api/customers`, { data: { email: "olga@example.com", name: "Olga Customer", requiredDocuments: [{ name: "Paystub" }] }, headers: { "sec-fetch-site": "same-origin" } });
  expect(created.status(), await created.text()).toBe(201);
  await page.goto(`${portal.url}/dashboard`);
  await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();

  await portal.kill();
  await page.getByRole("link", { name: /Olga Customer/ }).first().click();
  await expectBannerUnderHeader(page);
  // The header stays usable meanwhile: the menu button is not under the banner.
  await page.getByRole("button", { name: "Open navigation menu" }).click({ trial: true });

  await portal.startAgain();
  await page.getByText(bannerText).waitFor({ state: "detached" });
  await page.getByRole("heading", { name: "Olga Customer" }).first().waitFor();
  expect(await page.getByText("Something went wrong").count()).toBe(0);
  expect(unexpected(errors)).toEqual([]);
  await context.close();
});

test("a customer opening Sign in while the server is stopped sees the banner under the header, then the portal and the dialog once it is back", async () => {
  const broker = await newPage(browser, viewports.phone);
  await brokerSignUp(portal, broker.context.request, { email: "oona@example.com", firstName: "Oona", lastName: "Outage" });
  const created = await broker.context.request.post(`${portal.url}/api/customers`, { data: { email: "oskar@example.com", name: "Oskar Customer", requiredDocuments: [{ name: "Paystub" }] }, headers: { "sec-fetch-site": "same-origin" } });
  expect(created.status(), await created.text()).toBe(201);
  const { uploadLink } = (await created.json()) as { uploadLink: string };
  await broker.context.close();

  const { context, page, errors } = await newPage(browser, viewports.phone);
  await page.goto(`${portal.url}/upload/${uploadLink}`);
  const signIn = page.getByRole("button", { name: "Sign in to track status" });
  await signIn.waitFor();

  await portal.kill();
  await signIn.click();
  await page.getByText(bannerText).waitFor();

  await portal.startAgain();
  await page.getByText(bannerText).waitFor({ state: "detached" });
  // The portal is back by itself, and the same press now opens the dialog.
  await signIn.click();
  await page.getByRole("dialog", { name: "Sign In" }).waitFor();
  expect(await page.getByText("Something went wrong").count()).toBe(0);
  expect(unexpected(errors)).toEqual([]);
  await context.close();
});
