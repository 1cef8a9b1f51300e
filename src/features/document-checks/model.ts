import { t } from "elysia";
import { FILE_KINDS, MAX_RULE_PAGES, MAX_RULE_PIXELS } from "../../shared/acceptance-rules.ts";

const pages = t.Nullable(t.Integer({ minimum: 1, maximum: MAX_RULE_PAGES, error: `Pages must be a whole number from 1 to ${MAX_RULE_PAGES}, or empty for any` }));
const pixels = t.Integer({ minimum: 1, maximum: MAX_RULE_PIXELS, error: `Pixels must be a whole number from 1 to ${MAX_RULE_PIXELS}` });

/** A document's acceptance rules (src/shared/acceptance-rules.ts). */
export const AcceptanceRulesSchema = t.Object({
  kinds: t.Array(t.UnionEnum(FILE_KINDS), { minItems: 1, maxItems: FILE_KINDS.length, uniqueItems: true, error: 'kinds must list "pdf", "image" or both' }),
  minPages: pages,
  maxPages: pages,
  minImageShortSide: pixels,
  minImageLongSide: pixels,
  noPassword: t.Boolean(),
});

/**
 * The same rules as answered in responses: without the request's uniqueItems check, which hashes
 * every item and cost 8 % of a customer portal view, on data the portal itself wrote.
 */
export const AcceptanceRulesDto = t.Object({ ...AcceptanceRulesSchema.properties, kinds: t.Array(t.UnionEnum(FILE_KINDS)) });
