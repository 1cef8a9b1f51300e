// Signature requests through the real API (issue 41): a broker's request with a real PDF, the
// signers' links, and pdfsig's verdict on what comes back.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { signerToken } from "../../src/features/signatures/signer-token.ts";
import type { SignatureField } from "../../src/shared/signatures.ts";
import type { TestServer } from "./server.ts";

export const corpusPdf = (name: string) => new Uint8Array(readFileSync(join(import.meta.dir, "../files/corpus", name)));

export const field = (f: Partial<SignatureField> & Pick<SignatureField, "type">): SignatureField => ({ page: 1, x: 0.1, y: 0.1, width: 0.3, height: 0.06, signer: 0, required: true, ...f });

export interface RequestBody {
  name: string;
  message?: string;
  dueDate?: string;
  ordered?: boolean;
  signers: { email: string; name: string }[];
  fields: unknown[];
}

/** POST /api/customers/{id}/signature-requests with `file` and `request` as a browser's FormData sends them. */
export function requestSignature(srv: TestServer, token: string, customerId: string, input: { pdf: Uint8Array; request: RequestBody | string; fileName?: string }) {
  const form = new FormData();
  form.append("request", typeof input.request === "string" ? input.request : JSON.stringify(input.request));
  form.append("file", new Blob([input.pdf.slice()], { type: "application/pdf" }), input.fileName ?? "engagement-letter.pdf");
  return srv.call(`/api/customers/${customerId}/signature-requests`, { method: "POST", token, body: form });
}

/** Another signer's link token, as their email carries it. */
export const tokenOf = (srv: TestServer, signerId: string) => signerToken(srv.server.ctx, signerId);

export const typed = (text: string) => ({ type: "typed" as const, text });

/** pdfsig's report on these bytes. */
export async function pdfsig(dir: string, bytes: Uint8Array): Promise<{ out: string; code: number }> {
  const file = join(dir, `${crypto.randomUUID()}.pdf`);
  writeFileSync(file, bytes);
  const proc = Bun.spawn(["pdfsig", file], { stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  rmSync(file, { force: true });
  return { out: out + err, code };
}
