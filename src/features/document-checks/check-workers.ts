// The document checks' parsing and decoding run on threads of their own (check-worker.ts), not on
// the server's event loop. Opening a file is plain CPU work of unknown length: an iPhone photo's
// conversion takes ~3 s on a 2-core server, turning a phone JPEG 0.2 s, a bank statement
// encrypted with AES-256 0.1–0.2 s before pdf.js can read it. On the event loop every broker's
// screen, every other upload and the live channel waited that long (scripts/bench/checks.ts: a
// broker's reads fell from ~70,000 in 10 s to ~150, p99 2.4–3.0 s, while two customers uploaded).
//
// A thread takes one file at a time; the check slots (limiter.ts) hold the checks at once to one
// per core but one, so there are never more threads than that. A thread idle for IDLE_MS is
// stopped, giving its memory (pdf.js, libheif) back. A check that runs past its time
// (CHECK_TIME_LIMIT_SECONDS), or a thread that dies on a file, abandons that file (the caller
// refuses it as unreadable) and the thread is replaced: a hostile file cannot hold the server.
import { embeddedFiles } from "../../lib/embedded.ts";
import { ImageTooLarge, ImageUnreadable, type PreparedImageFile } from "./image.ts";
import type { PdfInspection } from "./pdf.ts";

export type CheckTask = { kind: "pdf"; path: string } | { kind: "image"; path: string; mimeType: string };

export type CheckAnswer =
  | { ok: true; result: PdfInspection | PreparedImageFile }
  | { ok: false; error: { kind: "image_unreadable" | "image_too_large" | "failed"; message: string; width?: number; height?: number } };

const IDLE_MS = 30_000;

/** The file was given up on: it took longer than the time limit, or its thread died on it. */
export class CheckAbandoned extends Error {
  constructor(
    readonly reason: "time_limit" | "thread_failed",
    message: string,
  ) {
    super(message);
  }
}

// The compiled executable holds the worker as an entrypoint of its own (scripts/compile.ts), found
// by its path from the project's root; from source it is the file next to this one.
const workerPath = () => (embeddedFiles() ? "./src/features/document-checks/check-worker.ts" : new URL("./check-worker.ts", import.meta.url).href);

/** Bun's Worker, which can be told whether it keeps the process alive (the DOM's type cannot). */
type CheckThread = Worker & { ref(): void; unref(): void };

interface Parked {
  worker: CheckThread;
  stopTimer: ReturnType<typeof setTimeout>;
}

const parked: Parked[] = [];

function park(worker: CheckThread): void {
  // An idle thread never keeps a process (a test run, a CLI command) from exiting.
  worker.unref();
  const stopTimer = setTimeout(() => {
    const at = parked.findIndex((p) => p.worker === worker);
    if (at >= 0) parked.splice(at, 1);
    worker.terminate();
  }, IDLE_MS);
  stopTimer.unref();
  parked.push({ worker, stopTimer });
}

function takeWorker(): CheckThread {
  const idle = parked.pop();
  if (!idle) return new Worker(workerPath()) as CheckThread;
  clearTimeout(idle.stopTimer);
  idle.worker.ref();
  return idle.worker;
}

/** Sends one task to a thread and waits for its answer, the time limit, or the thread's end. */
async function run(task: CheckTask, timeLimitMs: number): Promise<CheckAnswer> {
  const worker = takeWorker();
  let answer: CheckAnswer;
  try {
    answer = await new Promise<CheckAnswer>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        worker.removeEventListener("message", onMessage);
        worker.removeEventListener("error", onError);
        worker.removeEventListener("close", onClose);
      };
      const onMessage = (event: MessageEvent<CheckAnswer>) => (done(), resolve(event.data));
      const onError = (event: ErrorEvent) => (done(), reject(new CheckAbandoned("thread_failed", `The check thread failed: ${event.message}`)));
      const onClose = () => (done(), reject(new CheckAbandoned("thread_failed", "The check thread stopped")));
      const timer = setTimeout(() => (done(), reject(new CheckAbandoned("time_limit", `The check took longer than ${timeLimitMs / 1000} s`))), timeLimitMs);
      worker.addEventListener("message", onMessage);
      worker.addEventListener("error", onError);
      worker.addEventListener("close", onClose);
      worker.postMessage(task);
    });
  } catch (error) {
    worker.terminate();
    throw error;
  }
  park(worker);
  return answer;
}

function resultOf(answer: CheckAnswer): PdfInspection | PreparedImageFile {
  if (answer.ok) return answer.result;
  const { kind, message, width, height } = answer.error;
  if (kind === "image_too_large") throw new ImageTooLarge(width!, height!);
  if (kind === "image_unreadable") throw new ImageUnreadable(message);
  throw new Error(message);
}

/** inspectPdfFile (pdf.ts) on a check thread. */
export async function inspectPdfOnThread(path: string, timeLimitMs: number): Promise<PdfInspection> {
  return resultOf(await run({ kind: "pdf", path }, timeLimitMs)) as PdfInspection;
}

/** prepareImageFile (image.ts) on a check thread: the file is rewritten there when it changes. */
export async function prepareImageOnThread(path: string, mimeType: string, timeLimitMs: number): Promise<PreparedImageFile> {
  return resultOf(await run({ kind: "image", path, mimeType }, timeLimitMs)) as PreparedImageFile;
}

/** Threads waiting for work now (for tests). */
export const idleCheckThreads = (): number => parked.length;
