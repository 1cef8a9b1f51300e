// A work thread (src/lib/work-threads.ts): opens one file at a time, in the order handed to it,
// for the document checks, recognition's reading or a signature's seal, and answers what it found.
// Only the parsing, decoding, OCR and sealing run here; the rules and everything that touches the
// database stay on the server's own thread.
import { check } from "./features/document-checks/check-worker.ts";
import { read } from "./features/recognition/read-worker.ts";
import { seal } from "./features/signatures/seal-worker.ts";
import type { CheckTask } from "./features/document-checks/check-workers.ts";
import type { ReadTask } from "./features/recognition/read-threads.ts";
import type { SealTask } from "./features/signatures/seal-threads.ts";
import type { WorkTask } from "./lib/work-threads.ts";

declare const self: Worker;

const work = (message: WorkTask) => {
  if (message.job === "check") return check(message.task as CheckTask);
  if (message.job === "seal") return seal(message.task as SealTask);
  return read(message.task as ReadTask);
};

// The server hands a thread the next file before this one is done: they are opened one after
// another, in order, never two at once, and answered in that order.
let previous: Promise<void> = Promise.resolve();
self.onmessage = (event: MessageEvent<WorkTask>) => {
  previous = previous.then(async () => postMessage(await work(event.data)));
};
