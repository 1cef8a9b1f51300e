// A tab left open across an upgrade (issue 39, item 2): the broker's dashboard and a customer's
// portal are opened, the portal is upgraded under them (upgrade-proxy.ts: the new build's files
// have new names, the old ones answer 404), then a screen or dialog whose script the tab has not
// loaded yet is opened by clicking. The page must reload itself once onto the new version and end
// there, working: never a blank page, never the error screen, never a reload loop.
import { afterEach, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { brokerSignUp, usePortalInBrowser, viewports } from "./support.ts";
import { startUpgradeProxy, type UpgradeProxy } from "./upgrade-proxy.ts";

const { portal, openPage } = usePortalInBrowser();
const proxies: UpgradeProxy[] = [];
/** A proxy of its own per test: each starts on the old build. */
const upgradeProxy = () => {
  const proxy = startUpgradeProxy(portal.url);
  proxies.push(proxy);
  return proxy;
};
afterEach(() => proxies.splice(0).forEach((proxy) => proxy.stop()));

/** Counts the page's loads of its main document (the first one and every reload; not the router's own moves). */
function countLoads(page: Page): { count: number } {
  const loads = { count: 0 };
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads.count++;
  });
  return loads;
}

/** The scripts the page has run, by build: those of the old build and those of the new one. */
const scriptsByBuild = (page: Page) =>
  page.evaluate(() => {
    const names = performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname).filter((path) => path.endsWith(".js"));
    return { old: names.filter((path) => !path.startsWith("/assets/chunk-v2")).length, new: names.filter((path) => path.startsWith("/assets/chunk-v2")).length };
  });

/** The 404s of the old build's files are the point of the test; any other error fails it. */
const unexpected = (errors: string[]) => errors.filter((message) => !/Failed to load resource: the server responded with a status of 404|Failed to fetch dynamically imported module|error loading dynamically imported module/i.test(message));

test("a broker's open dashboard goes to a screen not loaded yet after an upgrade: one reload, then that screen on the new version", async () => {
  const proxy = upgradeProxy();
  const { context, page, errors } = await openPage(viewports.desktop);
  await brokerSignUp({ ...portal, url: proxy.url }, context.request, { email: "uma@example.com", firstName: "Uma", lastName: "Upgrade" });
  const loads = countLoads(page);
  await page.goto(`${proxy.url}/dashboard`);
  await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
  expect(loads.count).toBe(1);

  proxy.upgrade();
  await page.getByRole("link", { name: "Templates" }).click();

  await page.getByRole("heading", { name: "Templates", level: 1 }).waitFor();
  expect(new URL(page.url()).pathname).toBe("/templates");
  // The tab did ask for an old file, and was answered 404: the case under test happened.
  expect(proxy.missedOldFiles.length).toBeGreaterThan(0);
  expect(loads.count).toBe(2);
  // This page is the new version: every script it ran came from the new build.
  expect(await scriptsByBuild(page)).toMatchObject({ old: 0 });
  expect(await page.getByText("Something went wrong").count()).toBe(0);

  // And it works: the next screen (also never loaded in this tab) opens without any reload.
  await page.getByRole("link", { name: "All Customers" }).click();
  // (Seen once in CI on a loaded machine: the heading never came. What the page showed is in the failure.)
  await page
    .getByRole("heading", { name: "All Customers", level: 1 })
    .waitFor({ timeout: 60_000 })
    .catch(async (error) => {
      const shown = (await page.locator("body").innerText().catch(() => "")).slice(0, 600);
      throw new Error(`${error}\nURL ${page.url()}, loads ${loads.count}, old files asked ${JSON.stringify(proxy.missedOldFiles)}\nerrors ${JSON.stringify(errors)}\npage: ${shown}`);
    });
  await page.getByRole("link", { name: "Dashboard" }).click();
  await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
  expect(loads.count).toBe(2);
  expect(unexpected(errors)).toEqual([]);
  await context.close();
});

test("a customer's open portal opens a dialog not loaded yet after an upgrade: one reload, then the dialog opens on the new version", async () => {
  const proxy = upgradeProxy();
  const broker = await openPage(viewports.desktop);
  await brokerSignUp({ ...portal, url: proxy.url }, broker.context.request, { email: "ulla@example.com", firstName: "Ulla", lastName: "Upgrade" });
  const created = await broker.context.request.post(`${proxy.url}/api/customers`, { data: { email: "cato@example.com", name: "Cato Customer", requiredDocuments: [{ name: "Paystub" }] }, headers: { "sec-fetch-site": "same-origin" } });
  expect(created.status(), await created.text()).toBe(201);
  const { uploadLink } = (await created.json()) as { uploadLink: string };
  await broker.context.close();

  const { context, page, errors } = await openPage(viewports.phone);
  const loads = countLoads(page);
  await page.goto(`${proxy.url}/upload/${uploadLink}`);
  const signIn = page.getByRole("button", { name: "Sign in to track status" });
  await signIn.waitFor();
  expect(loads.count).toBe(1);

  proxy.upgrade();
  await signIn.click();
  // The dialog's script was the old build's: the page reloads onto the new one, back on the portal.
  await page.waitForResponse((response) => response.url().includes("/assets/chunk-v2"));
  await signIn.waitFor();
  expect(proxy.missedOldFiles.length).toBeGreaterThan(0);
  expect(loads.count).toBe(2);
  expect(await scriptsByBuild(page)).toMatchObject({ old: 0 });

  // The same press now opens the dialog, from the new build, with no further reload.
  await signIn.click();
  await page.getByRole("dialog", { name: "Sign In" }).waitFor();
  expect(await page.getByText("Something went wrong").count()).toBe(0);
  expect(new URL(page.url()).pathname).toBe(`/upload/${uploadLink}`);
  expect(loads.count).toBe(2);
  expect(await scriptsByBuild(page)).toMatchObject({ old: 0 });
  expect(unexpected(errors)).toEqual([]);
  await context.close();
});
