// `portal esign verify FILE`: the verdict on a sealed PDF, in lines an operator reads, and whether
// it holds (exit 0) or not (exit 1). Loaded by the command only: it brings pdf-lib and node-forge.
import { readFileSync } from "node:fs";
import { AppError } from "../../lib/errors.ts";
import { certificateTime } from "./certificate-page.ts";
import { verifySealedPdf } from "./verify.ts";

export async function runVerifyCommand(file: string): Promise<{ valid: boolean; lines: string[] }> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(readFileSync(file));
  } catch (error) {
    throw new AppError("not_found", `Cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  const v = await verifySealedPdf(bytes);
  return {
    valid: v.valid,
    lines: [
      v.valid ? "Signature: valid, covering the whole file: nothing changed since it was sealed" : `Signature: NOT valid. ${v.problem}`,
      ...(v.valid ? [`Signed by: ${v.signer ?? "unnamed certificate"} (whether to trust this certificate is yours to decide)`] : []),
      ...(v.signedAt ? [`Signed at: ${certificateTime(v.signedAt)}`] : []),
      ...(v.subFilter ? [`Signature type: ${v.subFilter}`] : []),
      `SHA-256 of the original PDF (certificate page): ${v.originalSha256 ?? "not recorded"}`,
      `SHA-256 of the signed pages (certificate page): ${v.contentSha256 ?? "not recorded"}`,
      `SHA-256 of this file: ${v.fileSha256}`,
    ],
  };
}
