// The verdict on a file read for a request: what it looks like, its dates and holder, and what to
// tell the customer before the upload is final (issue 42, DESIGN 3b `recognition`). A kind that
// differs from the one asked for is told only when we are sure of it (WARN_CONFIDENCE); when it
// is the wrong kind, that is all that is said (its age or name would be beside the point).
import { classifyText, keywordPatterns, WARN_CONFIDENCE } from "./classify.ts";
import { findDates, type DateRole, type FoundDate } from "./dates.ts";
import { KIND_LABELS, type DocumentKind } from "./kinds.ts";
import { dayMonth, dayMonthYear } from "./date-words.ts";
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
  /** What to tell the customer, in plain words; empty when all is well or we could not tell. */
  messages: string[];
}

/** "a paystub", "an employment letter" ("a utility bill": the labels' u is said "you"). */
const article = (label: string) => (/^[aeio]/i.test(label) ? `an ${label}` : `a ${label}`);

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

function tooOldMessage(kind: DocumentKind, date: FoundDate, maxAgeDays: number, now: Date): string {
  const when = dayMonth(date.date, now);
  const asked = `your broker asked for one from the last ${maxAgeDays === 1 ? "day" : `${maxAgeDays} days`}`;
  if (kind === "paystub") return date.role === "pay_date" ? `This paystub is dated ${when}; ${asked}` : `This paystub's pay period ends on ${when}; ${asked}`;
  if (date.role === "statement_end" || date.role === "period_end" || kind.endsWith("statement")) return `This statement ends on ${when}; ${asked}`;
  return `This ${KIND_LABELS[kind]} is dated ${when}; ${asked}`;
}

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
  const problems: string[] = [];

  const expected = rules.expectedKind;
  if (expected && kind !== expected) {
    // Another kind, sure enough to say so; or no kind we are sure of: then neither its age nor
    // its name can be judged by the rules of the kind asked for.
    if (!kind || confidence < WARN_CONFIDENCE) return { ...result, verdict: "unknown", messages: [] };
    problems.push(`This looks like ${article(KIND_LABELS[kind])}; your broker asked for ${article(KIND_LABELS[expected])}`);
  } else {
    const keywords = keywordPatterns(rules.keywords);
    if (!expected && keywords.length > 0 && text.trim() && !keywords.some((k) => k.test(text))) {
      problems.push(`This does not mention ${rules.keywords.map((k) => `"${k.trim()}"`).join(" or ")}; your broker asked for ${input.documentName}`);
    }
    const own = kind ? documentDate(kind, dates, now) : null;
    if (kind && own && rules.maxAgeDays !== null && daysBetween(own.date, now) > rules.maxAgeDays) {
      problems.push(tooOldMessage(kind, own, rules.maxAgeDays, now));
    }
    const expiry = dates.filter((d) => d.role === "expiry").sort((a, b) => b.date.localeCompare(a.date))[0];
    if (kind === "photo_id" && expiry && daysBetween(expiry.date, now) > 0) {
      problems.push(`This ID expired on ${dayMonthYear(expiry.date)}`);
    }
    if (rules.nameMustMatch && nameMatches === false) {
      problems.push(kind === "photo_id" ? "This ID is in another name" : `This ${kind ? KIND_LABELS[kind] : "document"} is in another name`);
    }
  }

  if (problems.length > 0) return { ...result, verdict: rules.onMismatch, messages: problems };
  // Nothing against it; "ok" only when we saw what was asked for (a kind we are not sure of is no answer).
  const keywordsSeen = rules.keywords.length > 0 && text.trim().length > 0;
  const confirmed = expected ? kind === expected : rules.keywords.length > 0 ? keywordsSeen : kind !== null;
  return { ...result, verdict: confirmed ? "ok" : "unknown", messages: [] };
}

/** Nothing seen that we are sure of: nothing is said. */
export const COULD_NOT_TELL: Recognition = { kind: null, confidence: 0, dates: [], holderName: null, nameMatches: null, verdict: "unknown", messages: [] };

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

/** Why an upload was refused by a request whose rules refuse a mismatch: what was seen, then what to do. */
export const recognitionRefusal = (messages: string[]): string => `${messages.join(". ")}. Please choose another file.`;
