// A file's text read as a work thread runs it (src/work-thread.ts; read-threads.ts hands it
// over). Only pdf.js and the OCR engine run there; the rules (src/shared/recognition) run on the
// caller's thread, where they are cheap.
import { readFileText } from "./read-file.ts";
import { readFirstPagePicture } from "./pdf-text.ts";
import type { ReadAnswer, ReadTask } from "./read-threads.ts";

export async function read(task: ReadTask): Promise<ReadAnswer> {
  try {
    if (task.firstPagePicture) return { ok: true, picture: await readFirstPagePicture(task.path) };
    // The budget starts when this thread takes the file, not when it was queued.
    return { ok: true, result: await readFileText(task.path, task.mimeType, Date.now() + task.budgetMs) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
