// axe-core in the page, with its experimental rules on: the accessibility suite and the journeys
// that check their own screens (assignment.test.ts) fail on any serious or critical violation.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { repoRoot } from "../support/cli.ts";
import { screenshot } from "./support.ts";

const axeSource = readFileSync(join(repoRoot, "node_modules/axe-core/axe.min.js"), "utf8");

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

interface AxeResult {
  violations: Violation[];
  /** Every rule that ran, whatever its outcome. */
  ran: string[];
}

/** Runs axe with every rule, experimental ones included. */
export async function runAxe(page: Page): Promise<AxeResult> {
  // Evaluated through the DevTools protocol: the portal's CSP rightly refuses inline scripts.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: any }).axe;
    // Experimental rules are off by default; they are switched on by name for this run.
    const experimental = axe.getRules(["experimental"]).map((rule: { ruleId: string }) => [rule.ruleId, { enabled: true }]);
    const result = await axe.run(document, { rules: Object.fromEntries(experimental) });
    const ids = (list: { id: string }[]) => list.map((r) => r.id);
    return {
      violations: result.violations as Violation[],
      ran: [...ids(result.violations), ...ids(result.passes), ...ids(result.incomplete), ...ids(result.inapplicable)],
    };
  });
}

/** The serious and critical violations on the page as it is now. */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  const { violations } = await runAxe(page);
  if (process.env.A11Y_DEBUG) console.log(describe(violations));
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

/** The same, as "rule: targets" lines: what a test compares with [] to see the findings when it fails. */
export async function seriousAxeFindings(page: Page): Promise<string[]> {
  return (await seriousViolations(page)).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

const describe = (violations: Violation[]) =>
  violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`).join("\n");

export async function expectAccessible(page: Page, name: string) {
  // Let fonts, queries and the live channel settle so axe sees the finished screen.
  await page.waitForLoadState("networkidle").catch(() => {});
  await screenshot(page, `a11y-${name}`);
  const found = await seriousViolations(page);
  if (found.length) throw new Error(`${name}: serious or critical axe violations\n${describe(found)}`);
}

