// The portal's page paints its frame before any script runs (issue 39, item 4: a customer on a
// slow phone saw a blank page for seconds): with the scripts held back, Chromium at 390 px already
// shows the header bar and the loading status; once they run, React replaces the frame.
import { expect, test } from "bun:test";
import { usePortalInBrowser, viewports } from "./support.ts";

const { portal, openPage } = usePortalInBrowser();

test("/upload/{link} shows its header and 'Loading your documents...' before its scripts, then the portal", async () => {
  const broker = await openPage(viewports.desktop);
  const headers = { "sec-fetch-site": "same-origin" };
  expect((await broker.page.request.post(`${portal.url}/api/auth/signup`, { data: { email: "fran@example.com", password: "a good password", firstName: "Fran", lastName: "Frame" }, headers })).status()).toBe(201);
  const customer = await (await broker.page.request.post(`${portal.url}/api/customers`, { data: { email: "fin@example.com", name: "Fin Frame", requiredDocuments: [{ name: "Paystub" }] }, headers })).json();
  await broker.context.close();

  const { context, page, errors } = await openPage(viewports.phone);
  // Every script is held until the frame has been looked at.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${portal.url}/upload/${customer.uploadLink}`, { waitUntil: "commit" });
  const status = page.getByRole("status");
  await status.waitFor();
  // Painted, not only parsed: the frame is on screen while no script has run.
  expect(await page.evaluate(() => performance.getEntriesByName("first-contentful-paint").length)).toBe(1);
  expect(await status.textContent()).toBe("Loading your documents...");
  expect(await page.getByText("Customer Dashboard").isVisible()).toBe(true);
  const bar = (await page.getByText("Customer Dashboard").boundingBox())!;
  expect(bar.y).toBeLessThan(64);

  release();
  await page.getByRole("heading", { name: "Welcome, Fin" }).waitFor();
  expect(await page.getByText("Loading your documents...").count()).toBe(0);
  expect(errors).toEqual([]);
  await context.close();
});
