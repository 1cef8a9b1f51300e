// The portal's page paints its frame before any script runs (issue 39, item 4: a customer on a
// slow phone saw a blank page for seconds): with the scripts held back, Chromium at 390 px already
// shows the header bar, the guest's welcome (written by the server) and the loading status; once
// they run, React replaces the frame with the same welcome in the same place and size, so the
// Largest Contentful Paint stays at the frame's paint.
import { expect, test } from "bun:test";
import { usePortalInBrowser, viewports } from "./support.ts";

const { portal, openPage } = usePortalInBrowser();

test("/upload/{link} shows its header, the welcome and 'Loading your documents...' before its scripts, then the portal", async () => {
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
  // (Awaited: the status is laid out, so visible to Playwright, a frame before it is painted.)
  const contentfulPaint = await page.evaluate(() => new Promise<number>((resolve) => {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === "first-contentful-paint") resolve(entry.startTime);
    }).observe({ type: "paint", buffered: true });
  }));
  expect(contentfulPaint).toBeGreaterThan(0);
  expect(await status.textContent()).toBe("Loading your documents...");
  expect(await page.getByText("Customer Dashboard").isVisible()).toBe(true);
  const bar = (await page.getByText("Customer Dashboard").boundingBox())!;
  expect(bar.y).toBeLessThan(64);
  const asked = page.getByText("asked you for the documents below");
  expect(await page.getByRole("heading", { name: "Welcome, Fin" }).isVisible()).toBe(true);
  const framed = (await asked.boundingBox())!;
  // The page's largest text, painted with the frame (what the Largest Contentful Paint reports).
  expect(await page.evaluate(() => new Promise<string>((resolve) => {
    new PerformanceObserver((list) => resolve((list.getEntries().at(-1) as PerformanceEntry & { element: Element | null }).element?.textContent ?? "")).observe({ type: "largest-contentful-paint", buffered: true });
  }))).toContain("asked you for the documents below");

  release();
  await page.getByRole("button", { name: "Sign in to track status" }).waitFor();
  expect(await page.getByText("Loading your documents...").count()).toBe(0);
  // React's copy is the same size: were it larger, it would become the Largest Contentful Paint.
  const drawn = (await asked.boundingBox())!;
  expect({ width: drawn.width, height: drawn.height }).toEqual({ width: framed.width, height: framed.height });
  expect(errors).toEqual([]);
  await context.close();
});
