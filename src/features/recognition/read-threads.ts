// Reading runs on the work threads the document checks use (src/lib/work-threads.ts: one pool,
// one thread per core but one), never on the server's event loop and never in the checks' slots.
// A read is a background task: it waits for a thread with nothing to do, so an upload's checks
// wait behind at most one read running. A thread that has read holds one OCR engine (about
// 100 MB with its model) and one page at a time; an idle thread is stopped and gives that back. A read past its time limit is given up (the thread is
// stopped), and the file is "could not tell".
import { workThreads } from "../../lib/work-threads.ts";
import type { ReadText } from "./pdf-text.ts";

export interface ReadTask {
  path: string;
  mimeType: string;
  /** How long the thread may read before it stops between pages with what it has. */
  budgetMs: number;
  /** Read only the picture a PDF's first page shows under its text layer (pdf-text.ts readFirstPagePicture). */
  firstPagePicture?: boolean;
}

export type ReadAnswer = { ok: true; result: ReadText } | { ok: true; picture: string | null } | { ok: false; message: string };

/** The file's text, read on a reading thread; throws WorkAbandoned past `timeLimitMs`. */
export async function readOnThread(task: ReadTask, timeLimitMs: number): Promise<ReadText> {
  const answer = await answerOf(task, timeLimitMs);
  if (!("result" in answer)) throw new Error("The reading thread answered another question");
  return answer.result;
}

/** The text of the picture the PDF's first page shows under its text layer, or null when it shows none; throws WorkAbandoned past `timeLimitMs`. */
export async function readFirstPagePictureOnThread(path: string, timeLimitMs: number): Promise<string | null> {
  const answer = await answerOf({ path, mimeType: "application/pdf", budgetMs: timeLimitMs, firstPagePicture: true }, timeLimitMs);
  if (!("picture" in answer)) throw new Error("The reading thread answered another question");
  return answer.picture;
}

async function answerOf(task: ReadTask, timeLimitMs: number): Promise<Exclude<ReadAnswer, { ok: false }>> {
  const answer = (await workThreads.run({ job: "read", task }, timeLimitMs, { name: "reading", background: true })) as ReadAnswer;
  if (!answer.ok) throw new Error(answer.message);
  return answer;
}
