// The checks' outcome for a file the customer had looked at before sending it (POST
// …/recognition), kept for a few minutes so the upload of the same bytes that follows is not
// checked again (issue 42 gap b): the checks (pdf.js or the photo's conversion, clamd) ran twice
// for every previewed upload, and an infected file told the broker's team twice. Kept per
// document (the latest preview), matched by the bytes' SHA-256 and the rules they were checked
// against; a miss (another file, changed rules, another instance, a restart) checks as before.
// The preview's reading of the file is kept with it, so the upload does not read it (nor ask the
// model endpoint) again either.
import { renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { AppContext } from "../../context.ts";
import { perContext } from "../../lib/instance-state.ts";
import { randomToken } from "../../lib/tokens.ts";
import type { ReceivedFileData } from "../../lib/upload.ts";
import type { AcceptanceRules } from "../../shared/acceptance-rules.ts";
import type { Recognition } from "../../shared/recognition/verdict.ts";
import type { CheckedFile, UploadRefused } from "../document-checks/service.ts";

/** Long enough to read what the portal said and press Send anyway; a checked photo waits on disk meanwhile. */
const KEEP_MS = 10 * 60_000;
/** At most this many checked files wait at once (the oldest is dropped). */
const MAX_KEPT = 50;

type Outcome = { checked: CheckedFile } | { refused: UploadRefused };
interface Kept {
  digest: string;
  rules: string;
  until: number;
  outcome: Outcome;
  /** What the preview read the checked file as, when it read it to the end (recognition.ts `readToTheEnd`). */
  recognition: Recognition | null;
}

const keptOf = perContext("checked previews", "per process", "the checks' outcome of a previewed file, so its upload right after is not checked twice (a miss elsewhere checks again)", () => new Map<string, Kept>());

/** The SHA-256 of a file, read in chunks (native: 1.8–3.0 ms a megabyte, docs/performance.md). */
export async function fileDigest(path: string): Promise<string> {
  const hasher = new Bun.CryptoHasher("sha256");
  const reader = Bun.file(path).stream().getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) hasher.update(part.value);
  return hasher.digest("hex");
}

const drop = (kept: Kept | undefined) => {
  if (kept && "checked" in kept.outcome) rmSync(kept.outcome.checked.tempPath, { force: true });
};

/**
 * Keeps the outcome of the preview of `documentId`: a checked file is moved aside (the caller's
 * temporary path is then free to remove) and waits for the upload.
 */
export function keepPreviewOutcome(ctx: AppContext, input: { documentId: string; digest: string; rules: AcceptanceRules; outcome: Outcome; recognition?: Recognition | null }): void {
  const kept = keptOf(ctx);
  const now = ctx.clock.now().getTime();
  for (const [id, entry] of kept) if (entry.until <= now) (drop(entry), kept.delete(id));
  let outcome = input.outcome;
  if ("checked" in outcome) {
    const aside = join(ctx.files.tempDir, `previewed-${randomToken(12)}`);
    renameSync(outcome.checked.tempPath, aside);
    outcome = { checked: { ...outcome.checked, tempPath: aside } };
  }
  drop(kept.get(input.documentId));
  kept.delete(input.documentId);
  const entry: Kept = { digest: input.digest, rules: JSON.stringify(input.rules), until: now + KEEP_MS, outcome, recognition: input.recognition ?? null };
  kept.set(input.documentId, entry);
  // Not sent after all (cancelled, another file chosen elsewhere): its copy goes at expiry.
  setTimeout(() => {
    if (kept.get(input.documentId) !== entry) return;
    drop(entry);
    kept.delete(input.documentId);
  }, KEEP_MS).unref();
  while (kept.size > MAX_KEPT) {
    const [oldest, entry] = kept.entries().next().value!;
    drop(entry);
    kept.delete(oldest);
  }
}

/**
 * The preview's outcome when `file` has the previewed bytes and the rules are unchanged: the
 * checked file (the received copy is removed) and what the preview read it as, or the preview's
 * refusal thrown again. null: check it.
 */
export async function takePreviewOutcome(
  ctx: AppContext,
  input: { documentId: string; file: ReceivedFileData; rules: AcceptanceRules },
): Promise<{ checked: CheckedFile; recognition: Recognition | null } | null> {
  const kept = keptOf(ctx);
  const entry = kept.get(input.documentId);
  // Hashed only when this document was previewed: other uploads pay nothing.
  if (!entry) return null;
  kept.delete(input.documentId);
  const fresh = entry.until > ctx.clock.now().getTime() && entry.rules === JSON.stringify(input.rules);
  if (!fresh || (await fileDigest(input.file.tempPath)) !== entry.digest) {
    drop(entry);
    return null;
  }
  rmSync(input.file.tempPath, { force: true });
  if ("refused" in entry.outcome) throw entry.outcome.refused;
  // The name is the one this upload was sent with.
  return { checked: { ...entry.outcome.checked, originalName: input.file.originalName }, recognition: entry.recognition };
}
