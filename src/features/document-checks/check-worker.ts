// A document check as a work thread runs it (src/work-thread.ts; check-workers.ts hands it over):
// opens one file and answers what it found. Only the parsing and decoding run there; the rules,
// the virus scan and everything that touches the database stay on the server's own thread.
import { prepareImageFile } from "./image.ts";
import { ImageTooLarge, ImageUnreadable } from "./image-errors.ts";
import { inspectPdfFile } from "./pdf.ts";
import type { CheckAnswer, CheckTask } from "./check-workers.ts";

function failure(error: unknown): CheckAnswer {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof ImageTooLarge) return { ok: false, error: { kind: "image_too_large", message, width: error.width, height: error.height } };
  if (error instanceof ImageUnreadable) return { ok: false, error: { kind: "image_unreadable", message } };
  return { ok: false, error: { kind: "failed", message } };
}

export async function check(task: CheckTask): Promise<CheckAnswer> {
  try {
    return { ok: true, result: task.kind === "pdf" ? await inspectPdfFile(task.path) : await prepareImageFile(task.path, task.mimeType) };
  } catch (error) {
    return failure(error);
  }
}
