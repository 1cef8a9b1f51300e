// The document checks' parsing and decoding run on threads of their own (check-worker.ts), not on
// the server's event loop. Opening a file is plain CPU work of unknown length: an iPhone photo's
// conversion takes ~3 s on a 2-core server, turning a phone JPEG 0.2 s, a bank statement
// encrypted with AES-256 0.1–0.2 s before pdf.js can read it. On the event loop every broker's
// screen, every other upload and the live channel waited that long (scripts/bench/checks.ts: a
// broker's reads fell from ~70,000 in 10 s to ~150, p99 2.4–3.0 s, while two customers uploaded).
//
// A thread opens one file at a time, in the order they were handed to it. It is handed up to
// CHECKS_PER_THREAD at once (limiter.ts), and there are never more than CHECK_THREADS threads. A
// thread idle for IDLE_MS is stopped, giving its memory (pdf.js, libheif) back. A check that runs
// past its time (CHECK_TIME_LIMIT_SECONDS), or a thread that dies on a file, abandons that file
// (the caller refuses it as unreadable); the thread is stopped, and the files waiting behind it
// go to another: a hostile file cannot hold the server, nor refuse its neighbours.
import { embeddedFiles } from "../../lib/embedded.ts";
import { ImageTooLarge, ImageUnreadable } from "./image-errors.ts";
import type { PreparedImageFile } from "./image.ts";
import { CHECK_THREADS } from "./limiter.ts";
import type { PdfInspection } from "./pdf.ts";
import { instanceState } from "../../lib/instance-state.ts";

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
type Thread = Worker & { ref(): void; unref(): void };

interface Check {
  task: CheckTask;
  timeLimitMs: number;
  resolve(answer: CheckAnswer): void;
  reject(error: CheckAbandoned): void;
}

/** A check thread and the checks handed to it, in order: the first is the one it is opening. */
class CheckThread {
  readonly #worker = new Worker(workerPath()) as Thread;
  readonly checks: Check[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  #stopped = false;

  constructor(private readonly onStop: (thread: CheckThread, waiting: Check[]) => void) {
    this.#worker.addEventListener("message", (event: MessageEvent<CheckAnswer>) => {
      if (this.#stopped) return; // an answer that crossed with the time limit: already refused
      const check = this.checks.shift();
      this.#next();
      check?.resolve(event.data);
    });
    this.#worker.addEventListener("error", (event: ErrorEvent) => this.#fail("thread_failed", `The check thread failed: ${event.message}`));
    this.#worker.addEventListener("close", () => this.#fail("thread_failed", "The check thread stopped"));
    this.#idle();
  }

  give(check: Check): void {
    this.checks.push(check);
    this.#worker.postMessage(check.task);
    if (this.checks.length === 1) this.#next();
  }

  /** Times the check now being opened; with none, waits IDLE_MS for one before stopping. */
  #next(): void {
    clearTimeout(this.#timer);
    const current = this.checks[0];
    if (!current) return this.#idle();
    this.#worker.ref();
    this.#timer = setTimeout(() => this.#fail("time_limit", `The check took longer than ${current.timeLimitMs / 1000} s`), current.timeLimitMs);
  }

  #idle(): void {
    // An idle thread never keeps a process (a test run, a CLI command) from exiting.
    this.#worker.unref();
    this.#timer = setTimeout(() => this.#stop([]), IDLE_MS);
    this.#timer.unref();
  }

  /** The file being opened is given up on; the ones waiting behind it go to another thread. */
  #fail(reason: CheckAbandoned["reason"], message: string): void {
    if (this.#stopped) return;
    const [current, ...waiting] = this.checks.splice(0);
    this.#stop(waiting);
    current?.reject(new CheckAbandoned(reason, message));
  }

  #stop(waiting: Check[]): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#worker.terminate();
    this.onStop(this, waiting);
  }
}

const threads = instanceState("check threads", "per process", "this process's own worker threads", [] as CheckThread[]);

function stopped(thread: CheckThread, waiting: Check[]): void {
  const at = threads.indexOf(thread);
  if (at >= 0) threads.splice(at, 1);
  for (const check of waiting) handOut(check);
}

/** To an idle thread, else a new one while there are fewer than CHECK_THREADS, else the least busy. */
function handOut(check: Check): void {
  let thread = threads.find((t) => t.checks.length === 0);
  if (!thread && threads.length < CHECK_THREADS) threads.push((thread = new CheckThread(stopped)));
  thread ??= threads.reduce((a, b) => (b.checks.length < a.checks.length ? b : a));
  thread.give(check);
}

/** Hands one task to a thread and waits for its answer, the time limit, or the thread's end. */
function run(task: CheckTask, timeLimitMs: number): Promise<CheckAnswer> {
  return new Promise((resolve, reject) => handOut({ task, timeLimitMs, resolve, reject }));
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
export const idleCheckThreads = (): number => threads.filter((t) => t.checks.length === 0).length;

/** Threads running now, idle or not (for tests). */
export const checkThreadCount = (): number => threads.length;
