// Recognition of a stored file for the request it answers (issue 42): its text read on a reading
// thread, then the shared rules (src/shared/recognition) say what it is and what to tell the
// customer. Never throws for a file: one that cannot be read, or takes too long, is "could not
// tell" (verdict "unknown"). The upload flow calls this after its checks (see
// docs/architecture.md, "Recognition").
import { checkedAgainstPicture, COULD_NOT_TELL, recognise, tellsCustomer, type Recognition } from "../../shared/recognition/verdict.ts";
import type { RecognitionRules } from "../../shared/recognition/rules.ts";
import type { Logger } from "../../lib/log.ts";
import { readFirstPagePictureOnThread, readOnThread } from "./read-threads.ts";
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

const noteUnread = (options: RecogniseFileOptions, error: unknown) =>
  options.log?.warn("recognition could not read a file", { mimeType: options.mimeType, reason: error instanceof Error ? error.message : String(error) });

export async function recogniseFile(options: RecogniseFileOptions): Promise<Recognition> {
  const started = Date.now();
  const timeLimitMs = options.timeLimitMs ?? READ_TIME_LIMIT_MS;
  const verdict = await recogniseText(options, timeLimitMs);
  if ((!tellsCustomer(verdict) && verdict.kind === null) || options.mimeType !== "application/pdf") return verdict;
  // Hostile or not, a PDF's text layer may say another thing than its page shows (issue 42,
  // "Hostile"). Checked whenever the verdict says something: a warning to the customer, or a kind
  // the broker's row shows ("Looks like: Paystub", which a hidden text layer must not make up over
  // a picture of something else). A text PDF's page has no such picture (a look at its drawing,
  // 2–140 ms); a scan under an OCR layer costs one page's OCR, within what is left of the time
  // limit. Unread in time: could not tell.
  const left = timeLimitMs - (Date.now() - started);
  if (left <= 0) return COULD_NOT_TELL;
  try {
    const picture = await readFirstPagePictureOnThread(options.path, left);
    return picture === null ? verdict : checkedAgainstPicture(verdict, picture);
  } catch (error) {
    noteUnread(options, error);
    return COULD_NOT_TELL;
  }
}

/** The verdict on the file's text (a PDF's text layer where it has one), with the model's opinion where the rules were unsure. */
async function recogniseText(options: RecogniseFileOptions, timeLimitMs: number): Promise<Recognition> {
  let text: string;
  try {
    ({ text } = await readOnThread({ path: options.path, mimeType: options.mimeType, budgetMs: Math.min(READ_BUDGET_MS, timeLimitMs / 2) }, timeLimitMs));
  } catch (error) {
    noteUnread(options, error);
    return COULD_NOT_TELL;
  }
  const input = { text, rules: options.rules, documentName: options.documentName, customerName: options.customerName, now: options.now ?? new Date() };
  const rulesSay = recognise(input);
  if (!options.model || rulesSay.confidence >= WARN_CONFIDENCE) return rulesSay;
  const kind = await secondOpinion(options.model, text, options.log ?? { warn: () => {} });
  return kind ? recognise({ ...input, secondOpinion: kind }) : rulesSay;
}
