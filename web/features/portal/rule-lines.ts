// A request's acceptance rules as the portal lists them under its upload buttons, in the page's
// language. The same lines as the server's English describeRules (src/shared/acceptance-rules.ts;
// tests/api/i18n-catalogs.test.ts holds the two equal), from the rules themselves, not its text.
import type { AcceptanceRules } from "@shared/acceptance-rules";
import type { Translate } from "../../lib/i18n/store";

export function ruleLines(rules: AcceptanceRules, t: Translate): string[] {
  const kinds = rules.kinds.map((kind) => t(kind === "pdf" ? "checks.kindPdf" : "checks.kindImage"));
  const lines = [t("checks.ruleFile", { kinds: kinds.length === 2 ? t("checks.kindEither", { first: kinds[0]!, second: kinds[1]! }) : kinds.join("") })];
  if (rules.kinds.includes("pdf")) {
    if (rules.minPages !== null && rules.maxPages !== null && rules.minPages === rules.maxPages) {
      lines.push(t("checks.ruleExactPages", { count: rules.minPages }));
    } else {
      if (rules.minPages !== null) lines.push(t("checks.ruleMinPages", { count: rules.minPages }));
      if (rules.maxPages !== null) lines.push(t("checks.ruleMaxPages", { count: rules.maxPages }));
    }
    if (rules.noPassword) lines.push(t("checks.ruleNoPassword"));
  }
  if (rules.kinds.includes("image")) lines.push(t("checks.rulePhoto", { short: rules.minImageShortSide, long: rules.minImageLongSide }));
  return lines;
}
