// What a request expects of the document's content, beside its file rules (acceptance-rules.ts):
// the kind, how old it may be, whether it must be in the customer's name, and whether a mismatch
// only warns (the customer may send it anyway, with a note) or refuses. A standard document gets
// these from its name; a custom one expects no kind but may carry the broker's own keywords.
import { kindForRequest, type DocumentKind } from "./kinds.ts";

export interface RecognitionRules {
  /** The kind asked for; null: any (a custom document). */
  expectedKind: DocumentKind | null;
  /** A custom document's words, at least one of which the document must mention. */
  keywords: string[];
  /** The document's own date (statement end, pay date) may be at most this many days old. */
  maxAgeDays: number | null;
  /** The holder's name must be the customer's. */
  nameMustMatch: boolean;
  onMismatch: "warn" | "refuse";
}

/**
 * How recent each kind must be by default, from the ready-made templates' descriptions: the last
 * 2 months of statements, a credit report from the last 30 days, pay stubs covering 30 days (the
 * latest may be a month and a half old where pay is monthly).
 */
const DEFAULT_MAX_AGE_DAYS: Partial<Record<DocumentKind, number>> = {
  paystub: 45,
  bank_statement: 60,
  asset_statement: 90,
  credit_report: 30,
  mortgage_statement: 60,
  utility_bill: 90,
};

/** The kinds that belong to one person: a document in another name is someone else's. */
const PERSONAL_KINDS: readonly DocumentKind[] = [
  "paystub",
  "bank_statement",
  "tax_return",
  "w2",
  "form_1099",
  "photo_id",
  "social_security_card",
  "employment_letter",
  "credit_report",
  "asset_statement",
];

/** A request's rules from its document's name (the defaults before a broker changes them). */
export function recognitionRulesFor(documentName: string, keywords: string[] = []): RecognitionRules {
  const expectedKind = kindForRequest(documentName);
  return {
    expectedKind,
    keywords: expectedKind ? [] : keywords,
    maxAgeDays: expectedKind ? (DEFAULT_MAX_AGE_DAYS[expectedKind] ?? null) : null,
    nameMustMatch: expectedKind !== null && PERSONAL_KINDS.includes(expectedKind),
    onMismatch: "warn",
  };
}

/** The rules a request is held to: the broker's own (in its acceptance rules), else the defaults for its name. */
export function recognitionRulesOf(documentName: string, own: { recognition?: RecognitionRules } | null | undefined): RecognitionRules {
  return own?.recognition ?? recognitionRulesFor(documentName);
}

/** Whether the rules ask anything of the content at all (a custom document without keywords asks nothing). */
export const asksAnything = (rules: RecognitionRules): boolean =>
  rules.expectedKind !== null || rules.keywords.length > 0 || rules.maxAgeDays !== null || rules.nameMustMatch;

export const MAX_RECOGNITION_KEYWORDS = 10;
export const MAX_KEYWORD_LENGTH = 60;
/** Ten years: an age limit beyond it is no limit. */
export const MAX_AGE_DAYS_LIMIT = 3650;
