// The one pool of threads for this process's CPU work of unknown length (issue 42 gap d): the
// document checks (pdf.js, a photo's conversion: document-checks/check-workers.ts), recognition's
// reading (pdf.js text, OCR: recognition/read-threads.ts) and sealing a signed PDF
// (signatures/seal-threads.ts) share it. The first two had a pool each, of as many threads, so a
// busy moment held twice the threads, each with its own runtime, pdf.js and buffers
// (scripts/bench/pool-memory.ts; docs/performance.md). One thread per core but one, as before: one
// core is left to the server's own thread (document-checks/limiter.ts says why). Reads and seals
// are background tasks: handed only to a thread with nothing to do, so an upload's checks wait
// behind at most one of them running, never a queue of them.
import { availableParallelism } from "node:os";
import { embeddedFiles } from "./embedded.ts";
import { instanceState } from "./instance-state.ts";
import { ThreadPool } from "./thread-pool.ts";

/** Work threads: one per core but one, at least one. */
export const WORK_THREADS = Math.max(1, availableParallelism() - 1);

/** What a thread is handed: which work, and its task (check-workers.ts and read-threads.ts say what). */
export type WorkTask = { job: "check"; task: unknown } | { job: "read"; task: unknown } | { job: "seal"; task: unknown };

// The thread's entry is src/work-thread.ts, the composition's (it runs both features' work, which
// this plumbing may not import): named by its path, never imported. Inside the compiled
// executable it is an entrypoint of its own (scripts/compile.ts).
const entry = () => (embeddedFiles() ? "./src/work-thread.ts" : new URL("../work-thread.ts", import.meta.url).href);

export const workThreads = instanceState("work threads", "per process", "this process's own threads for checks and reading", new ThreadPool<WorkTask, unknown>(entry, "work", WORK_THREADS));
