// An error the customer portal may meet, as data beside its English `message`: `code` is the
// catalog message that says it (src/shared/i18n/catalogs) and `values` fill it, so the portal
// tells it in the customer's language while API clients and logs keep the English (issue 44).
import type { MessageKey } from "./i18n/catalog.ts";
import type { RecognitionSentence } from "./recognition/sentences.ts";

/** The `reason` (src/lib/errors.ts ErrorReason) of an error the portal says: its code a catalog key. */
export interface SaidError {
  code: MessageKey;
  /** The message's values; `sentences`: what recognition saw (errors.recognitionRefused). */
  values?: Record<string, string | number | RecognitionSentence[]>;
}

/** A wait said in whole seconds under a minute, else in minutes rounded up (as validation.ts waitText). */
export const waitValues = (seconds: number): { unit: "seconds" | "minutes"; count: number } =>
  seconds < 60 ? { unit: "seconds", count: Math.max(1, Math.ceil(seconds)) } : { unit: "minutes", count: Math.ceil(seconds / 60) };
