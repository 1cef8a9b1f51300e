// The server's side of sealing on a work thread (seal-worker.ts is the thread's): one task to the
// pool the document checks and reading share (src/lib/work-threads.ts), as a background task, so
// an upload's checks wait behind at most one seal. Only types of seal.ts are imported here: pdf-lib,
// signpdf and node-forge load in the thread, never on the server's thread.
import { workThreads } from "../../lib/work-threads.ts";
import type { SealingCertificateOptions } from "./certificate-key.ts";
import type { Sealed, SealInput } from "./seal.ts";

export interface SealTask {
  /** Where the certificate comes from: opened (or made) in the thread. */
  certificate: SealingCertificateOptions;
  input: Omit<SealInput, "certificate">;
}

export type SealAnswer = { ok: true; sealed: Sealed } | { ok: false; refused: boolean; message: string };

/** A 20-page seal takes well under a second; this is for a thread that hangs on a hostile file. */
const SEAL_TIME_LIMIT_MS = 120_000;

/** Seals on a work thread; throws WorkAbandoned past the time limit or when the thread dies. */
export async function sealOnThread(task: SealTask): Promise<SealAnswer> {
  return (await workThreads.run({ job: "seal", task }, SEAL_TIME_LIMIT_MS, { name: "seal", background: true })) as SealAnswer;
}
