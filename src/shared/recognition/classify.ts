// Which kind a text is, and how sure: each kind's signals (signals.ts) that the text shows are
// added up once each; the best kind wins if it scores enough and clearly beats the next.
// Confidence grows with the score and falls as the runner-up closes in, so a text written to look
// like every kind at once ends as "could not tell", never as whichever kind came first.
import { DOCUMENT_KINDS, type DocumentKind } from "./kinds.ts";
import { SIGNALS, type Signal } from "./signals.ts";
import { normaliseText } from "./text.ts";

/** Below this score nothing is recognised: one or two shared words are not a document. */
const MIN_SCORE = 5;

/** The least confidence at which a kind is named at all. */
export const RECOGNISED_CONFIDENCE = 0.5;

/**
 * The least confidence at which a kind that differs from the one asked for is told to the customer
 * (a wrong warning annoys more than a missed one: issue 42 asks precision 0.95 here).
 */
export const WARN_CONFIDENCE = 0.65;

/** Only so much text is read: a statement's first pages say what it is. */
export const MAX_CLASSIFIED_CHARS = 60_000;

export interface KindScore {
  kind: DocumentKind;
  score: number;
}

export interface Classification {
  kind: DocumentKind | null;
  confidence: number;
  /** Every kind with a positive score, best first (for the bench and for a second opinion). */
  scores: KindScore[];
}

const shows = (text: string, signal: Signal) => (typeof signal.test === "function" ? signal.test(text) : signal.test.test(text));

const score = (text: string, signals: readonly Signal[]): number => signals.reduce((sum, signal) => (shows(text, signal) ? sum + signal.weight : sum), 0);

/** Words a broker typed for a custom document, as patterns on whole words. */
export function keywordPatterns(keywords: readonly string[]): RegExp[] {
  return keywords
    .map((k) => normaliseText(k).trim())
    .filter((k) => k.length > 0)
    .map((k) => new RegExp(`(^|[^a-z0-9])${k.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^a-z0-9])`));
}

/** The confidence of a best score against the runner-up's: 0 to 1. */
export function confidenceOf(best: number, second: number): number {
  if (best < MIN_SCORE) return 0;
  const strength = 1 - Math.exp(-best / 5);
  const lead = 1 - (Math.max(0, second) / best) ** 2;
  return Math.round(strength * lead * 100) / 100;
}

/** Classifies already normalised text (normaliseText). */
export function classifyText(text: string): Classification {
  const body = text.slice(0, MAX_CLASSIFIED_CHARS);
  const scores = DOCUMENT_KINDS.map((kind) => ({ kind, score: score(body, SIGNALS[kind]) }))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score);
  const [best, second] = scores;
  const confidence = best ? confidenceOf(best.score, second?.score ?? 0) : 0;
  return { kind: best && confidence >= RECOGNISED_CONFIDENCE ? best.kind : null, confidence, scores };
}
