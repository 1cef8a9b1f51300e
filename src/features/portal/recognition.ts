// Recognition around a customer's upload (issue 42; docs/architecture.md "Recognition"): before it
// is final, what the picked file looks like (nothing stored); at the upload, a request whose rules
// refuse a mismatch is held to them; after it, the stored file is read by a job, so the upload's
// answer never waits for OCR, and the verdict reaches the broker's screen on the live channel.
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import { enqueueJob, PermanentJobError, type Job } from "../../lib/jobs.ts";
import { randomToken } from "../../lib/tokens.ts";
import { inTransaction, type Unit } from "../../lib/unit-of-work.ts";
import type { ReceivedFileData } from "../../lib/upload.ts";
import { asksAnything, recognitionRulesOf } from "../../shared/recognition/rules.ts";
import { recognitionRefusal, type Recognition } from "../../shared/recognition/verdict.ts";
import { customerContact } from "../customers/lookups.ts";
import { keepRecognition } from "../documents/recognition.ts";
import { findDocument, type DocumentRow } from "../documents/service.ts";
import { recogniseFile } from "../recognition/service.ts";

/**
 * How long the customer waits to be told what their file looks like, before the upload and at it:
 * a text PDF takes well under a second, a phone photo's OCR a few seconds of one core. A longer
 * read answers "could not tell" here and finishes after the upload (the job below).
 */
export const QUICK_READ_LIMIT_MS = 8_000;

export const RECOGNISE_UPLOAD_JOB = "recognise-upload";

const notTold: Recognition = { kind: null, confidence: 0, dates: [], holderName: null, nameMatches: null, verdict: "unknown", messages: [], sentences: [] };

/** Whether `recognition` is a reading of the file to its end: not the quick limit's "could not tell", nor a request that asks nothing. */
export const readToTheEnd = (recognition: Recognition): boolean => recognition !== notTold;

/** The file at `path` read for `doc` within the quick limit; a request that asks nothing of its content is not read. */
export async function quickRecognition(ctx: AppContext, doc: DocumentRow, file: Pick<ReceivedFileData, "tempPath" | "mimeType">): Promise<Recognition> {
  const rules = recognitionRulesOf(doc.name, doc.acceptanceRules);
  if (!asksAnything(rules)) return notTold;
  const customer = await customerContact(ctx, doc.customerId);
  const read = recogniseFile({
    path: file.tempPath,
    mimeType: file.mimeType,
    documentName: doc.name,
    rules,
    customerName: customer?.name ?? null,
    now: ctx.clock.now(),
    timeLimitMs: QUICK_READ_LIMIT_MS,
    log: ctx.log,
    model: ctx.config.modelEndpoint,
  });
  // The thread's limit counts from when a thread takes the file: behind other reads (the jobs'
  // OCR) the customer would wait longer. Past the limit they are told nothing and the upload goes
  // ahead; the read, if it still comes, is dropped (its file is gone by then: "could not tell").
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<Recognition>((resolve) => {
    timer = setTimeout(() => resolve(notTold), QUICK_READ_LIMIT_MS + 500);
  });
  return Promise.race([read, waited]).finally(() => clearTimeout(timer));
}

/**
 * At the upload: the preview's reading of these very bytes, when it read them to the end, is the
 * verdict (the file is not read, nor the model endpoint asked, twice); else a request that refuses
 * a mismatch reads the file first. Either refuses it with what it saw. Returns the verdict worth
 * keeping with the upload; null: the job reads the stored file after it.
 */
export async function holdToRecognitionRules(ctx: AppContext, doc: DocumentRow, file: ReceivedFileData, previewed: Recognition | null): Promise<Recognition | null> {
  const refuses = recognitionRulesOf(doc.name, doc.acceptanceRules).onMismatch === "refuse";
  const recognition = previewed ?? (refuses ? await quickRecognition(ctx, doc, file) : null);
  if (!recognition) return null;
  if (recognition.verdict === "refuse") {
    const said = recognition.sentences?.length ? { reason: { code: "errors.recognitionRefused" as const, values: { sentences: recognition.sentences } } } : {};
    throw new AppError("bad_request", recognitionRefusal(recognition.messages), said);
  }
  // A preview read to the end is what the job would keep, "could not tell" included.
  return previewed ?? (recognition.verdict === "unknown" ? null : recognition);
}

/** Queued in the upload's transaction: its stored file is read once the upload has answered. */
export async function queueRecognition(ctx: AppContext, unit: Unit, doc: DocumentRow): Promise<void> {
  if (!doc.storageKey) return;
  await enqueueJob(unit.tx, ctx.clock, {
    kind: RECOGNISE_UPLOAD_JOB,
    payload: { documentId: doc.id, storageKey: doc.storageKey },
    dedupeKey: `${RECOGNISE_UPLOAD_JOB}:${doc.storageKey}`,
    maxAttempts: 3,
  });
}

/** What else follows from a verdict kept on a document (the expiry feature's, handed down by src/jobs.ts). */
export type OnRecognised = (ctx: AppContext, unit: Unit, doc: DocumentRow) => Promise<void>;

/**
 * The job: reads the document's stored file (copied to local disk first from object storage) and
 * keeps the verdict. A file replaced or removed since the upload is skipped: its successor has a
 * job of its own.
 */
export async function recogniseStoredUpload(ctx: AppContext, job: Job, onRecognised?: OnRecognised): Promise<void> {
  const { documentId, storageKey } = job.payload as { documentId?: unknown; storageKey?: unknown };
  if (typeof documentId !== "string" || typeof storageKey !== "string") throw new PermanentJobError("A recognition job names a document and its file");
  const doc = await findDocument(ctx, documentId);
  if (!doc || doc.storageKey !== storageKey || !doc.mimeType) return;
  const recognition = await withLocalFile(ctx, storageKey, async (path) => {
    const customer = await customerContact(ctx, doc.customerId);
    return recogniseFile({
      path,
      mimeType: doc.mimeType!,
      documentName: doc.name,
      rules: recognitionRulesOf(doc.name, doc.acceptanceRules),
      customerName: customer?.name ?? null,
      now: ctx.clock.now(),
      log: ctx.log,
    model: ctx.config.modelEndpoint,
    });
  });
  if (!recognition) return;
  await inTransaction(ctx, async (unit) => {
    const kept = await keepRecognition(unit, { documentId, storageKey, recognition });
    if (kept && onRecognised) await onRecognised(ctx, unit, kept);
  });
}

/** The stored file on this machine's disk for the read: its own path, or a temporary copy (S3). null: gone. */
async function withLocalFile<T>(ctx: AppContext, key: string, read: (path: string) => Promise<T>): Promise<T | null> {
  const local = ctx.files.localPath?.(key);
  if (local) return (await Bun.file(local).exists()) ? read(local) : null;
  const blob = await ctx.files.read(key);
  if (!blob) return null;
  const copy = join(ctx.files.tempDir, `recognise-${randomToken(12)}`);
  try {
    await Bun.write(copy, blob);
    return await read(copy);
  } finally {
    rmSync(copy, { force: true });
  }
}
