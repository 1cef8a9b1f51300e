// Sealing on a work thread (src/work-thread.ts runs this): the certificate is opened (made, the
// first time: a 3,072-bit key) and the PDF sealed there, so the server's own thread never spends
// the seal's CPU (a 20-page seal: scripts/bench/seal.ts) while requests wait. What sealing refuses
// comes back as `refused` (it will not pass on a retry), anything else as a failure to retry.
import { AppError } from "../../lib/errors.ts";
import { sealingCertificate } from "./certificate-key.ts";
import { sealPdf } from "./seal.ts";
import type { SealAnswer, SealTask } from "./seal-threads.ts";

export async function seal(task: SealTask): Promise<SealAnswer> {
  try {
    return await sealNow(task);
  } finally {
    // A seal leaves its copies of the pages behind as garbage; collected now, on this thread, the
    // next seal does not pile its own on top (scripts/bench/seal.ts: 11 seals' peak +50 → +41 MB).
    Bun.gc(true);
  }
}

async function sealNow(task: SealTask): Promise<SealAnswer> {
  try {
    const certificate = sealingCertificate(task.certificate);
    return { ok: true, sealed: await sealPdf({ ...task.input, certificate }) };
  } catch (error) {
    const refused = error instanceof AppError && error.code === "bad_request";
    return { ok: false, refused, message: error instanceof Error ? error.message : String(error) };
  }
}
