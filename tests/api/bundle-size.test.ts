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

test("/upload/{link} downloads at most 150 KB of gzipped JavaScript", async () => {
  const { rows, totalJs } = await measurePortalRoute(files);
  expect(totalJs).toBeLessThanOrEqual(BUDGET_BYTES);
  expect(rows.some((row) => row.why.includes("the portal route"))).toBe(true);
});

test("/dashboard downloads at most 250 KB of gzipped JavaScript, and none of the portal", async () => {
  const dashboard = await measureDashboardRoute(files);
  const portal = await measurePortalRoute(files);
  expect(dashboard.totalJs).toBeLessThanOrEqual(DASHBOARD_BUDGET_BYTES);
  // Both lazy chunks were found and loaded: the broker area and the dashboard screen.
  expect(dashboard.rows.filter((row) => row.why.startsWith("lazy chunk holding"))).toHaveLength(2);
  const portalChunk = portal.rows.find((row) => row.why.includes("the portal route"))!;
  expect(dashboard.rows.some((row) => row.urlPath === portalChunk.urlPath)).toBe(false);
});
