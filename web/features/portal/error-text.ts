// A failed call's text in the page's language (issue 44): the catalog message the server named
// beside its English (`code` and `values`, src/shared/customer-errors.ts), else the server's own
// words, else the fallback (a lost connection). What recognition saw travels as its sentences.
import { useCallback } from "react";
import type { RecognitionSentence } from "@shared/recognition/sentences";
import type { MessageKey, MessageValues } from "@shared/i18n/catalog";
import { ApiError, errorText } from "../../api/client";
import { knowsMessage, type Translate } from "../../lib/i18n/store";
import { useLanguage, useT } from "../../lib/i18n/use-t";

type SaySentence = (sentence: RecognitionSentence, language: string, now: Date, t: Translate) => string;
/**
 * How recognition's sentences are said, handed over by recognition-text.ts when it loads (with the
 * recognition step and the capture dialog, the only ways to an upload): the dates' words stay out
 * of the portal's first load. Until then a refusal carrying sentences keeps the server's English.
 */
let saySentence: SaySentence | null = null;
export const learnToSaySentences = (say: SaySentence) => {
  saySentence = say;
};

const isSentence = (value: unknown): value is RecognitionSentence =>
  Boolean(value) && typeof (value as RecognitionSentence).key === "string" && typeof (value as RecognitionSentence).values === "object";

/** The server's named message filled in; null when it names none this page knows, or values it cannot say. */
function namedText(error: ApiError, t: Translate, language: string): string | null {
  const said = error.reason;
  if (!said || !knowsMessage(said.code)) return null;
  const values: MessageValues = {};
  // A list of sentences arrives where the client's type says text or a number (errors.recognitionRefused).
  for (const [name, value] of Object.entries(said.values ?? {}) as [string, unknown][]) {
    if (typeof value === "string" || typeof value === "number") values[name] = value;
    else if (saySentence && Array.isArray(value) && value.every(isSentence) && value.every((s) => knowsMessage(s.key))) {
      const now = new Date();
      const say = saySentence;
      values[name] = value.map((sentence) => say(sentence, language, now, t)).join(". ");
    } else return null;
  }
  return t(said.code as MessageKey, values);
}

/** The same function until the language changes, so the callbacks that use it stay stable too. */
export function useErrorText(): (error: unknown, fallback?: string) => string {
  const t = useT();
  const { language } = useLanguage();
  return useCallback((error: unknown, fallback = "") => (error instanceof ApiError ? namedText(error, t, language) : null) ?? errorText(error, fallback), [t, language]);
}
