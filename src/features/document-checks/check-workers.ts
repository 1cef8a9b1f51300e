// The document checks' parsing and decoding run on the work threads (check-worker.ts, in the pool
// shared with recognition's reading: src/lib/work-threads.ts), not on the server's event loop. Opening a file is plain CPU work of unknown length: an iPhone photo's
// conversion takes ~3 s on a 2-core server, turning a phone JPEG 0.2 s, a bank statement
// encrypted with AES-256 0.1–0.2 s before pdf.js can read it. On the event loop every broker's
// screen, every other upload and the live channel waited that long (scripts/bench/checks.ts: a
// broker's reads fell from ~70,000 in 10 s to ~150, p99 2.4–3.0 s, while two customers uploaded).
//
// A thread opens one file at a time, in the order they were handed to it. It is handed up to
// CHECKS_PER_THREAD at once (limiter.ts), and there are never more than CHECK_THREADS threads
// (checks and reads together). A
// thread idle for a while is stopped, giving its memory (pdf.js, libheif) back. A check that runs
// past its time (CHECK_TIME_LIMIT_SECONDS), or a thread that dies on a file, abandons that file
// (the caller refuses it as unreadable); the thread is stopped, and the files waiting behind it
// go to another: a hostile file cannot hold the server, nor refuse its neighbours. The pool
// itself is src/lib/thread-pool.ts.
import { ImageTooLarge, ImageUnreadable } from "./image-errors.ts";
import type { PreparedImageFile } from "./image.ts";
import type { PdfInspection } from "./pdf.ts";
import { workThreads } from "../../lib/work-threads.ts";

export type CheckTask = { kind: "pdf"; path: string } | { kind: "image"; path: string; mimeType: string };

export type CheckAnswer =
  | { ok: true; result: PdfInspection | PreparedImageFile }
  | { ok: false; error: { kind: "image_unreadable" | "image_too_large" | "failed"; message: string; width?: number; height?: number } };

/** The file was given up on: it took longer than the time limit, or its thread died on it. */
export { WorkAbandoned as CheckAbandoned } from "../../lib/thread-pool.ts";

function resultOf(answer: CheckAnswer): PdfInspection | PreparedImageFile {
  if (answer.ok) return answer.result;
  const { kind, message, width, height } = answer.error;
  if (kind === "image_too_large") throw new ImageTooLarge(width!, height!);
  if (kind === "image_unreadable") throw new ImageUnreadable(message);
  throw new Error(message);
}

/** inspectPdfFile (pdf.ts) on a check thread. */
export async function inspectPdfOnThread(path: string, timeLimitMs: number): Promise<PdfInspection> {
  return resultOf((await workThreads.run({ job: "check", task: { kind: "pdf", path } satisfies CheckTask }, timeLimitMs, { name: "check" })) as CheckAnswer) as PdfInspection;
}

/** prepareImageFile (image.ts) on a check thread: the file is rewritten there when it changes. */
export async function prepareImageOnThread(path: string, mimeType: string, timeLimitMs: number): Promise<PreparedImageFile> {
  return resultOf((await workThreads.run({ job: "check", task: { kind: "image", path, mimeType } satisfies CheckTask }, timeLimitMs, { name: "check" })) as CheckAnswer) as PreparedImageFile;
}

/** Threads waiting for work now (for tests). */
export const idleCheckThreads = (): number => workThreads.idle();

/** Threads running now, idle or not (for tests). */
export const checkThreadCount = (): number => workThreads.count();
