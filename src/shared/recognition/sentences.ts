// What recognition tells the customer, as data: each sentence is a catalog key (the `recognition`
// section) and its values (kind codes, ISO dates, counts, the broker's keywords). The server keeps
// its English (`messages`, for the broker's screens and API clients, made from these by the
// English catalog: verdict.ts); the portal says them in the page's language. Pure and small: the
// portal imports it.
import type { MessageKey, MessageValues } from "../i18n/catalog.ts";
import { dayMonthIn, dayMonthYearIn } from "./date-words.ts";

type RecognitionKey = Extract<MessageKey, `recognition.${string}`>;

/** One thing seen, as data. */
export interface RecognitionSentence {
  key: RecognitionKey;
  /**
   * seen / asked / kind: kind codes (DocumentKind); date: the document's ISO date (said with its
   * year only when not this year); fullDate: an ISO date said with its year; maxAgeDays: a count;
   * keywords: the broker's words; documentName: the request's name.
   */
  values: Record<string, string | number | string[]>;
}

type Translate = (key: MessageKey, values?: MessageValues) => string;

/** A sentence in a language: its dates written in that language, its keywords quoted and joined by "or". */
export function sayRecognition(sentence: { key: string; values: RecognitionSentence["values"] }, language: string, now: Date, t: Translate): string {
  const values: MessageValues = {};
  for (const [name, value] of Object.entries(sentence.values)) {
    if (Array.isArray(value)) values[name] = value.map((keyword) => t("recognition.keyword", { keyword })).reduce((first, second) => t("recognition.keywordOr", { first, second }));
    else if (name === "date") values[name] = dayMonthIn(language, String(value), now);
    else if (name === "fullDate") values[name] = dayMonthYearIn(language, String(value));
    else values[name] = value;
  }
  return t(sentence.key as RecognitionKey, values);
}
