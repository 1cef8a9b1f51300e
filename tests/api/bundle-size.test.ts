// First loads stay light (issue 14): at most 150 KB of gzipped JavaScript for the customer portal
// (/upload/...) and 250 KB for the broker dashboard. The same measurement as
// `npx bun scripts/measure-bundle.ts`, kept as a test so a change that pulls broker code into the
// portal, or a heavy library into the dashboard, fails here.
import { beforeAll, expect, test } from "bun:test";
import { buildWeb, type WebFile } from "../../scripts/build-web.ts";
import { BUDGET_BYTES, DASHBOARD_BUDGET_BYTES, measureDashboardRoute, measurePortalRoute } from "../../scripts/measure-bundle.ts";

let files: WebFile[];
beforeAll(async () => {
  files = await buildWeb();
}, 60_000);

test("/upload/{link} downloads at most 150 KB of gzipped JavaScript, its page preloading all of it", async () => {
  const { rows, totalJs, lazyChunks } = await measurePortalRoute(files);
  expect(totalJs).toBeLessThanOrEqual(BUDGET_BYTES);
  expect(lazyChunks).toHaveLength(1);
  expect(rows.some((row) => row.urlPath === lazyChunks[0]!.urlPath)).toBe(true);
  // Every script the route runs is named by its page, so none waits for another to run first.
  expect(lazyChunks.every((chunk) => chunk.preloaded)).toBe(true);
});

test("/dashboard downloads at most 250 KB of gzipped JavaScript, none of the portal or the landing page", async () => {
  const dashboard = await measureDashboardRoute(files);
  const portal = await measurePortalRoute(files);
  expect(dashboard.totalJs).toBeLessThanOrEqual(DASHBOARD_BUDGET_BYTES);
  // Both lazy chunks were found and preloaded: the broker area and the dashboard screen.
  expect(dashboard.lazyChunks).toHaveLength(2);
  expect(dashboard.lazyChunks.every((chunk) => chunk.preloaded)).toBe(true);
  expect(dashboard.rows.some((row) => row.urlPath === portal.lazyChunks[0]!.urlPath)).toBe(false);
  // The landing page is fetched only when a signed-out visitor needs it.
  const landingText = "Request a Demo";
  const texts = await Promise.all(dashboard.rows.map(async (row) => (await files.find((f) => f.urlPath === row.urlPath)!.blob.text()).includes(landingText)));
  expect(texts.some(Boolean)).toBe(false);
});

test("the page for any other path preloads nothing", async () => {
  const html = await files.find((file) => file.urlPath === "/index.html")!.blob.text();
  expect(html).not.toContain("modulepreload");
  expect(html).not.toContain('rel="preload"');
});

test("the portal's messages arrive compiled: no ICU parser in anything its first load runs", async () => {
  const { rows } = await measurePortalRoute(files);
  const scripts = await Promise.all(rows.filter((row) => row.urlPath.endsWith(".js")).map((row) => files.find((f) => f.urlPath === row.urlPath)!.blob.text()));
  // One of @messageformat/parser's own messages (what @lingui/core compiles with outside production).
  expect(scripts.some((text) => text.includes("Plural offset must be set before cases"))).toBe(false);
  // ... and its language catalog is among them, compiled (scripts/i18n-plugin.ts).
  expect(scripts.some((text) => text.includes('{"portal.dashboardTitle":["'))).toBe(true);
});
