// A second opinion on a file the rules could not place (issue 42 item 5): when the operator
// configured a model endpoint (LLM_BASE_URL; off by default), it is asked which kind the text is,
// from the known kinds. It is sent only an excerpt: the first MAX_EXCERPT characters of the text,
// with every run of five or more digits (account, card, social security and ID numbers) masked,
// spaces, dots, dashes and slashes between them included (4111 1111 1111 1111, 123-45-6789).
// An answer that is not one of the known kinds, or none in time, is no opinion.
import type { ModelEndpointConfig } from "../../config/model-endpoint.ts";
import { askModel } from "../../lib/model-endpoint.ts";
import type { Logger } from "../../lib/log.ts";
import { DOCUMENT_KINDS, KIND_LABELS, type DocumentKind } from "../../shared/recognition/kinds.ts";

/** Enough for a document's title, issuer and labels, which say what it is. */
export const MAX_EXCERPT = 1_500;

/** Five or more digits, each pair at most one space, dot, dash or slash apart: how numbers are written. */
const LONG_NUMBER = /\d(?:[ .\-/]?\d){4,}/g;

/** What leaves the machine: the start of the text, long numbers masked (their separators kept). */
export function excerptForModel(text: string): string {
  return text.replace(/\s+/g, " ").trim().slice(0, MAX_EXCERPT).replace(LONG_NUMBER, (number) => number.replace(/\d/g, "#"));
}

export async function secondOpinion(endpoint: ModelEndpointConfig | null | undefined, text: string, log: Pick<Logger, "warn">): Promise<DocumentKind | null> {
  if (!endpoint || !text.trim()) return null;
  const answer = await askModel(
    endpoint,
    {
      system: [
        "You classify a document from the start of its text (read by OCR, so it may be noisy).",
        `Kinds: ${DOCUMENT_KINDS.map((k) => `${k} (${KIND_LABELS[k]})`).join("; ")}.`,
        'Answer with JSON only: {"kind": "<one of the kinds>"} or {"kind": null} when it is none of them or you cannot tell.',
      ].join(" "),
      user: excerptForModel(text),
    },
    log,
  );
  const kind = (answer as { kind?: unknown } | null)?.kind;
  return typeof kind === "string" && (DOCUMENT_KINDS as readonly string[]).includes(kind) ? (kind as DocumentKind) : null;
}
