// Reading runs on threads of its own, beside the document checks' (same pool code,
// src/lib/thread-pool.ts, and as many threads: one per core but one), never on the server's event
// loop and never in the checks' slots: an upload's checks are not kept waiting behind an OCR.
// Each thread holds one OCR engine (about 100 MB with its model) and one page at a time; an idle
// thread is stopped and gives that back. A read past its time limit is given up (the thread is
// stopped), and the file is "could not tell".
import { embeddedFiles } from "../../lib/embedded.ts";
import { instanceState } from "../../lib/instance-state.ts";
import { ThreadPool } from "../../lib/thread-pool.ts";
import { CHECK_THREADS } from "../document-checks/limiter.ts";
import type { ReadText } from "./pdf-text.ts";

export interface ReadTask {
  path: string;
  mimeType: string;
  /** How long the thread may read before it stops between pages with what it has. */
  budgetMs: number;
}

export type ReadAnswer = { ok: true; result: ReadText } | { ok: false; message: string };

// Inside the compiled executable the worker is an entrypoint of its own (scripts/compile.ts).
const workerPath = () => (embeddedFiles() ? "./src/features/recognition/read-worker.ts" : new URL("./read-worker.ts", import.meta.url).href);

const threads = instanceState("reading threads", "per process", "this process's own OCR and PDF-text threads", new ThreadPool<ReadTask, ReadAnswer>(workerPath, "reading", CHECK_THREADS));

/** The file's text, read on a reading thread; throws WorkAbandoned past `timeLimitMs`. */
export async function readOnThread(task: ReadTask, timeLimitMs: number): Promise<ReadText> {
  const answer = await threads.run(task, timeLimitMs);
  if (!answer.ok) throw new Error(answer.message);
  return answer.result;
}
