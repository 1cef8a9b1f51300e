import { t } from "elysia";
import { FILE_KINDS, MAX_RULE_PAGES, MAX_RULE_PIXELS } from "../../shared/acceptance-rules.ts";
import { DOCUMENT_KINDS } from "../../shared/recognition/kinds.ts";
import { DATE_ROLES } from "../../shared/recognition/dates.ts";
import { MAX_AGE_DAYS_LIMIT, MAX_KEYWORD_LENGTH, MAX_RECOGNITION_KEYWORDS } from "../../shared/recognition/rules.ts";

const pages = t.Nullable(t.Integer({ minimum: 1, maximum: MAX_RULE_PAGES, error: `Pages must be a whole number from 1 to ${MAX_RULE_PAGES}, or empty for any` }));
const pixels = t.Integer({ minimum: 1, maximum: MAX_RULE_PIXELS, error: `Pixels must be a whole number from 1 to ${MAX_RULE_PIXELS}` });

const DocumentKind = t.UnionEnum(DOCUMENT_KINDS);

/** What a request expects of the content (src/shared/recognition/rules.ts). */
export const RecognitionRulesSchema = t.Object({
  expectedKind: t.Nullable(DocumentKind, { error: `expectedKind must be one of ${DOCUMENT_KINDS.join(", ")}, or null for any` }),
  keywords: t.Array(t.String({ minLength: 1, maxLength: MAX_KEYWORD_LENGTH }), {
    maxItems: MAX_RECOGNITION_KEYWORDS,
    error: `keywords must be at most ${MAX_RECOGNITION_KEYWORDS} words of at most ${MAX_KEYWORD_LENGTH} characters`,
  }),
  maxAgeDays: t.Nullable(t.Integer({ minimum: 1, maximum: MAX_AGE_DAYS_LIMIT, error: `The maximum age must be a whole number of days from 1 to ${MAX_AGE_DAYS_LIMIT}, or empty for any` })),
  nameMustMatch: t.Boolean(),
  onMismatch: t.UnionEnum(["warn", "refuse"], { error: 'onMismatch must be "warn" or "refuse"' }),
});

/** What a file was read as (DESIGN 3b `recognition`; src/shared/recognition/verdict.ts). */
export const RecognitionDto = t.Object({
  kind: t.Nullable(DocumentKind),
  confidence: t.Number(),
  dates: t.Array(t.Object({ role: t.UnionEnum(DATE_ROLES), date: t.String() })),
  holderName: t.Nullable(t.String()),
  nameMatches: t.Nullable(t.Boolean()),
  verdict: t.UnionEnum(["ok", "warn", "refuse", "unknown"]),
  messages: t.Array(t.String()),
  /** The same as data (catalog key and values) the portal says in the customer's language; absent on older verdicts. */
  sentences: t.Optional(t.Array(t.Object({ key: t.String(), values: t.Record(t.String(), t.Union([t.String(), t.Number(), t.Array(t.String())])) }))),
});

/** A document's acceptance rules (src/shared/acceptance-rules.ts). */
export const AcceptanceRulesSchema = t.Object({
  kinds: t.Array(t.UnionEnum(FILE_KINDS), { minItems: 1, maxItems: FILE_KINDS.length, uniqueItems: true, error: 'kinds must list "pdf", "image" or both' }),
  minPages: pages,
  maxPages: pages,
  minImageShortSide: pixels,
  minImageLongSide: pixels,
  noPassword: t.Boolean(),
  recognition: t.Optional(RecognitionRulesSchema),
});

/**
 * The same rules as answered in responses: without the request's uniqueItems check, which hashes
 * every item and cost 8 % of a customer portal view, on data the portal itself wrote.
 */
export const AcceptanceRulesDto = t.Object({ ...AcceptanceRulesSchema.properties, kinds: t.Array(t.UnionEnum(FILE_KINDS)) });
