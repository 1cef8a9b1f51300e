// A document-check thread (see check-workers.ts): opens one file at a time and answers what it
// found. Only the parsing and decoding run here; the rules, the virus scan and everything that
// touches the database stay on the server's own thread.
import { prepareImageFile } from "./image.ts";
import { ImageTooLarge, ImageUnreadable } from "./image-errors.ts";
import { inspectPdfFile } from "./pdf.ts";
import type { CheckAnswer, CheckTask } from "./check-workers.ts";

declare const self: Worker;

function failure(error: unknown): CheckAnswer {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof ImageTooLarge) return { ok: false, error: { kind: "image_too_large", message, width: error.width, height: error.height } };
  if (error instanceof ImageUnreadable) return { ok: false, error: { kind: "image_unreadable", message } };
  return { ok: false, error: { kind: "failed", message } };
}

async function check(task: CheckTask): Promise<CheckAnswer> {
  try {
    return { ok: true, result: task.kind === "pdf" ? await inspectPdfFile(task.path) : await prepareImageFile(task.path, task.mimeType) };
  } catch (error) {
    return failure(error);
  }
}

// The server hands a thread the next file before this one is done (limiter.ts): they are opened
// one after another, in order, never two at once, and answered in that order.
let previous: Promise<void> = Promise.resolve();
self.onmessage = (event: MessageEvent<CheckTask>) => {
  previous = previous.then(async () => postMessage(await check(event.data)));
};
