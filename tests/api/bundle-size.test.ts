// The customer portal's first load stays light (issue: at most 150 KB of gzipped JavaScript for
// /upload/...). The same measurement as `npx bun scripts/measure-bundle.ts`, kept as a test so a
// change that pulls broker code into the portal fails here.
import { expect, test } from "bun:test";
import { BUDGET_BYTES, measurePortalRoute } from "../../scripts/measure-bundle.ts";

test("/upload/{link} downloads at most 150 KB of gzipped JavaScript", async () => {
  const { rows, totalJs } = await measurePortalRoute();
  expect(totalJs).toBeLessThanOrEqual(BUDGET_BYTES);
  expect(rows.some((row) => row.why.includes("the portal route"))).toBe(true);
}, 60_000);
