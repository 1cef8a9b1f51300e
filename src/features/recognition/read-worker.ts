// A reading thread (see read-threads.ts): reads one file's text at a time, in order, and answers
// it. Only pdf.js and the OCR engine run here; the rules (src/shared/recognition) run on the
// caller's thread, where they are cheap.
import { readFileText } from "./read-file.ts";
import type { ReadAnswer, ReadTask } from "./read-threads.ts";

declare const self: Worker;

async function read(task: ReadTask): Promise<ReadAnswer> {
  try {
    // The budget starts when this thread takes the file, not when it was queued.
    return { ok: true, result: await readFileText(task.path, task.mimeType, Date.now() + task.budgetMs) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

let previous: Promise<void> = Promise.resolve();
self.onmessage = (event: MessageEvent<ReadTask>) => {
  previous = previous.then(async () => postMessage(await read(event.data)));
};
