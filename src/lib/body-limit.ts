// Request body limits enforced by the app itself, on the bytes actually sent, so that every
// refusal is our JSON 413 (Bun's own limit answers an empty 413) and a chunked body without
// Content-Length cannot slip past a check that only reads the header.
import { AppError } from "./errors.ts";

/** JSON and form bodies are small; only file uploads may be large (they are streamed to disk). */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;
const STREAMED_UPLOADS = [/^\/api\/upload\/[^/]+\/documents\/[^/]+(\/recognition)?$/, /^\/api\/documents\/share$/, /^\/api\/customers\/[^/]+\/signature-requests$/];
const READ_METHODS = ["arrayBuffer", "blob", "bytes", "formData", "json", "text"] as const;

const tooLarge = () => new AppError("too_large", "The request body is too large.");

/**
 * Holds a request that is not a file upload to MAX_JSON_BODY_BYTES: an announced length is checked
 * at once; a chunked body is read through a counter that stops at the limit. (Uploads bound
 * themselves while streaming to disk, see upload.ts.)
 */
export function limitBodySize(request: Request): void {
  if (!request.body) return;
  if (STREAMED_UPLOADS.some((pattern) => pattern.test(new URL(request.url).pathname))) return;
  const declared = request.headers.get("content-length");
  if (declared !== null) {
    // Bun reads exactly the announced length, so checking the header is enough.
    if (Number(declared) > MAX_JSON_BODY_BYTES) throw tooLarge();
    return;
  }
  boundBodyReads(request, MAX_JSON_BODY_BYTES);
}

/**
 * Makes every way of reading this request's body (json, text, formData …, which is how Elysia
 * parses it) go through readAtMost. The request object itself must stay the one Bun handed us:
 * Bun answers requestIP() and WebSocket upgrades only for it, so it is not replaced by a copy.
 */
function boundBodyReads(request: Request, maxBytes: number): void {
  const stream = request.body!;
  let bytes: Promise<Uint8Array<ArrayBuffer>> | undefined;
  const buffered = async () =>
    new Response(await (bytes ??= readAtMost(stream, maxBytes)), { headers: { "content-type": request.headers.get("content-type") ?? "" } });
  for (const method of READ_METHODS) {
    Object.defineProperty(request, method, { value: async () => (await buffered())[method]() });
  }
}

/** The stream's bytes, or a 413 as soon as they pass maxBytes; never holds more than that. */
async function readAtMost(stream: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > maxBytes) {
      void reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size) as Uint8Array<ArrayBuffer>;
}
