// The verdict on a file read for a request: what it looks like, its dates and holder, and what to
// tell the customer before the upload is final (issue 42, DESIGN 3b `recognition`). A kind that
// differs from the one asked for is told only when we are sure of it (WARN_CONFIDENCE); when it
// is the wrong kind, that is all that is said (its age or name would be beside the point).
import { classifyText, keywordPatterns, WARN_CONFIDENCE } from "./classify.ts";
import { findDates, type DateRole, type FoundDate } from "./dates.ts";
import type { DocumentKind } from "./kinds.ts";
import { translate } from "../i18n/translate.ts";
import { sayRecognition, type RecognitionSentence } from "./sentences.ts";
import { findHolderName, namesMatch } from "./names.ts";
import type { RecognitionRules } from "./rules.ts";
import { normaliseText } from "./text.ts";

export type Verdict = "ok" | "warn" | "refuse" | "unknown";

export interface Recognition {
  kind: DocumentKind | null;
  confidence: number;
  dates: FoundDate[];
  holderName: string | null;
  /** null: no name found to compare. */
  nameMatches: boolean | null;
  verdict: Verdict;
  /** What to tell the customer, in plain English words; empty when all is well or we could not tell. */
  messages: string[];
  /**
   * The same, as data the portal says in the customer's language (sentences.ts), one for each of
   * `messages`. Absent on verdicts kept before it existed: those are told in their English.
   */
  sentences?: RecognitionSentence[];
}

/** Which of its dates says how old a document is, best first. */
const AGE_ROLES: Partial<Record<DocumentKind, DateRole[]>> = {
  paystub: ["pay_date", "period_end"],
  bank_statement: ["statement_end", "period_end"],
  asset_statement: ["statement_end", "period_end"],
  mortgage_statement: ["statement_end", "period_end"],
  credit_report: ["statement_end", "issued"],
  utility_bill: ["statement_end", "period_end"],
};
/** Dates that never date the document itself. */
const NOT_ITS_AGE: readonly DateRole[] = ["birth", "expiry", "tax_year", "hired"];
/**
 * A paystub is dated only by a labelled pay date or period: its other dates (hire date, the
 * year's start) say nothing of its age, and a wrong "too old" annoys more than a missed one. A
 * statement without its period labelled is as old as its latest transaction.
 */
const LABELLED_ONLY: readonly DocumentKind[] = ["paystub"];

/** The document's own date: the labelled one its kind prints, else the latest date it shows (not in the future). */
function documentDate(kind: DocumentKind, dates: FoundDate[], now: Date): FoundDate | null {
  for (const role of AGE_ROLES[kind] ?? []) {
    const labelled = dates.filter((d) => d.role === role).sort((a, b) => b.date.localeCompare(a.date))[0];
    if (labelled) return labelled;
  }
  if (LABELLED_ONLY.includes(kind)) return null;
  const today = now.toISOString().slice(0, 10);
  return dates.filter((d) => !NOT_ITS_AGE.includes(d.role) && d.date <= today).sort((a, b) => b.date.localeCompare(a.date))[0] ?? null;
}

function tooOld(kind: DocumentKind, date: FoundDate, maxAgeDays: number): RecognitionSentence {
  const values = { date: date.date, maxAgeDays };
  if (kind === "paystub") return { key: date.role === "pay_date" ? "recognition.paystubDated" : "recognition.paystubPeriodEnds", values };
  if (date.role === "statement_end" || date.role === "period_end" || kind.endsWith("statement")) return { key: "recognition.statementEnds", values };
  return { key: "recognition.kindDated", values: { ...values, kind } };
}

/** A sentence in the English the server keeps (`messages`): the English catalog's words, so the two forms cannot drift. */
export const englishSentence = (sentence: RecognitionSentence, now: Date): string => sayRecognition(sentence, "en", now, (key, values) => translate("en", key, values));

const daysBetween = (isoDate: string, now: Date) => Math.floor((now.getTime() - Date.parse(`${isoDate}T00:00:00Z`)) / 86_400_000);

export interface RecognitionInput {
  /** The text read from the file (pdf.js or OCR), as read. */
  text: string;
  rules: RecognitionRules;
  /** The requested document's name, for a custom document's message. */
  documentName: string;
  customerName: string | null;
  now: Date;
  /**
   * The operator's model's kind for this text, asked only when the rules were unsure (below
   * WARN_CONFIDENCE; recognition/second-opinion.ts): it stands in for theirs, at that confidence.
   */
  secondOpinion?: DocumentKind | null;
}

/** Reads the text for a request and says what it saw. Pure: the same text gives the same verdict. */
export function recognise(input: RecognitionInput): Recognition {
  const { rules, now } = input;
  const text = normaliseText(input.text);
  const classified = classifyText(text);
  const { kind, confidence } = input.secondOpinion && classified.confidence < WARN_CONFIDENCE ? { kind: input.secondOpinion, confidence: WARN_CONFIDENCE } : classified;
  const dates = findDates(text);
  const holderName = findHolderName(input.text);
  const nameMatches = namesMatch(holderName, input.customerName);
  const result = { kind, confidence, dates, holderName, nameMatches };
  const problems: RecognitionSentence[] = [];

  const expected = rules.expectedKind;
  if (expected && kind !== expected) {
    // Another kind, sure enough to say so; or no kind we are sure of: then neither its age nor
    // its name can be judged by the rules of the kind asked for.
    if (!kind || confidence < WARN_CONFIDENCE) return { ...result, verdict: "unknown", messages: [], sentences: [] };
    problems.push({ key: "recognition.wrongKind", values: { seen: kind, asked: expected } });
  } else {
    const keywords = keywordPatterns(rules.keywords);
    if (!expected && keywords.length > 0 && text.trim() && !keywords.some((k) => k.test(text))) {
      problems.push({ key: "recognition.noKeyword", values: { keywords: rules.keywords.map((k) => k.trim()), documentName: input.documentName } });
    }
    const own = kind ? documentDate(kind, dates, now) : null;
    if (kind && own && rules.maxAgeDays !== null && daysBetween(own.date, now) > rules.maxAgeDays) {
      problems.push(tooOld(kind, own, rules.maxAgeDays));
    }
    const expiry = dates.filter((d) => d.role === "expiry").sort((a, b) => b.date.localeCompare(a.date))[0];
    if (kind === "photo_id" && expiry && daysBetween(expiry.date, now) > 0) {
      problems.push({ key: "recognition.idExpired", values: { fullDate: expiry.date } });
    }
    if (rules.nameMustMatch && nameMatches === false) {
      problems.push(kind === "photo_id" ? { key: "recognition.idOtherName", values: {} } : { key: "recognition.otherName", values: { kind: kind ?? "none" } });
    }
  }

  if (problems.length > 0) return { ...result, verdict: rules.onMismatch, messages: problems.map((p) => englishSentence(p, now)), sentences: problems };
  // Nothing against it; "ok" only when we saw what was asked for (a kind we are not sure of is no answer).
  const keywordsSeen = rules.keywords.length > 0 && text.trim().length > 0;
  const confirmed = expected ? kind === expected : rules.keywords.length > 0 ? keywordsSeen : kind !== null;
  return { ...result, verdict: confirmed ? "ok" : "unknown", messages: [], sentences: [] };
}

/** Nothing seen that we are sure of: nothing is said. */
export const COULD_NOT_TELL: Recognition = { kind: null, confidence: 0, dates: [], holderName: null, nameMatches: null, verdict: "unknown", messages: [], sentences: [] };

/** Whether the customer is told something (a warning, or a refusal) on this verdict. */
export const tellsCustomer = (recognition: Recognition): boolean => recognition.verdict === "warn" || recognition.verdict === "refuse";

/**
 * A verdict read from a PDF's text layer, checked against what OCR reads on the picture that is
 * its first page (a scan under its scanner's OCR layer, or a file whose hidden text says one thing
 * and whose picture another): the same kind, or none on both, keeps it; another kind, or none
 * read where the text layer named one, is "could not tell". What the customer is told must never
 * contradict what they see.
 */
export function checkedAgainstPicture(recognition: Recognition, pictureText: string): Recognition {
  return classifyText(normaliseText(pictureText)).kind === recognition.kind ? recognition : COULD_NOT_TELL;
}

/**
 * Why an upload was refused by a request whose rules refuse a mismatch: what was seen, then what to
 * do, in the English catalog's words (errors.recognitionRefused, which the portal says in its language).
 */
export const recognitionRefusal = (messages: string[]): string => translate("en", "errors.recognitionRefused", { sentences: messages.join(". ") });
