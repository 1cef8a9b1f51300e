// Recognition of a stored file for the request it answers (issue 42): its text read on a reading
// thread, then the shared rules (src/shared/recognition) say what it is and what to tell the
// customer. Never throws for a file: one that cannot be read, or takes too long, is "could not
// tell" (verdict "unknown"). The upload flow calls this after its checks (see
// docs/architecture.md, "Recognition").
import { recognise, type Recognition } from "../../shared/recognition/verdict.ts";
import type { RecognitionRules } from "../../shared/recognition/rules.ts";
import type { Logger } from "../../lib/log.ts";
import { readOnThread } from "./read-threads.ts";
import { secondOpinion } from "./second-opinion.ts";
import { WARN_CONFIDENCE } from "../../shared/recognition/classify.ts";
import type { ModelEndpointConfig } from "../../config/model-endpoint.ts";

/** A read stops between pages after this long, and is given up (its thread stopped) after READ_TIME_LIMIT_MS. */
export const READ_BUDGET_MS = 30_000;
export const READ_TIME_LIMIT_MS = 60_000;

export interface RecogniseFileOptions {
  path: string;
  mimeType: string;
  documentName: string;
  rules: RecognitionRules;
  customerName: string | null;
  now?: Date;
  timeLimitMs?: number;
  /** Where a file that could not be read is noted (the verdict only says "could not tell"). */
  log?: Pick<Logger, "warn">;
  /** The operator's model endpoint, asked when the rules are unsure (second-opinion.ts); null or absent: never. */
  model?: ModelEndpointConfig | null;
}

const couldNotTell: Recognition = { kind: null, confidence: 0, dates: [], holderName: null, nameMatches: null, verdict: "unknown", messages: [] };

export async function recogniseFile(options: RecogniseFileOptions): Promise<Recognition> {
  const timeLimitMs = options.timeLimitMs ?? READ_TIME_LIMIT_MS;
  let text: string;
  try {
    ({ text } = await readOnThread({ path: options.path, mimeType: options.mimeType, budgetMs: Math.min(READ_BUDGET_MS, timeLimitMs / 2) }, timeLimitMs));
  } catch (error) {
    options.log?.warn("recognition could not read a file", { mimeType: options.mimeType, reason: error instanceof Error ? error.message : String(error) });
    return couldNotTell;
  }
  const input = { text, rules: options.rules, documentName: options.documentName, customerName: options.customerName, now: options.now ?? new Date() };
  const rulesSay = recognise(input);
  if (!options.model || rulesSay.confidence >= WARN_CONFIDENCE) return rulesSay;
  const kind = await secondOpinion(options.model, text, options.log ?? { warn: () => {} });
  return kind ? recognise({ ...input, secondOpinion: kind }) : rulesSay;
}
