// Asking the operator's OpenAI-compatible model endpoint (src/config/model-endpoint.ts) one
// question, for a JSON answer. Every failure (off, unreachable, a timeout, a non-2xx status, an
// answer that is not JSON) is null: the caller's rules answer instead, and the model is only ever a
// better guess, never a dependency.
import type { ModelEndpointConfig } from "../config/model-endpoint.ts";
import type { Logger } from "./log.ts";

/** An answer larger than this is not read (a model endpoint gone wrong must not fill memory). */
const MAX_ANSWER_BYTES = 64 * 1024;

export interface ModelQuestion {
  /** What the model is told it is doing, and the answer's JSON shape. */
  system: string;
  /** The question itself: only what it needs (the caller trims it). */
  user: string;
}

/** The model's answer parsed as JSON, or null for anything else (see the file's comment). */
export async function askModel(endpoint: ModelEndpointConfig | null, question: ModelQuestion, log: Pick<Logger, "warn">): Promise<unknown> {
  if (!endpoint) return null;
  const fail = (reason: string) => {
    // Never the question or the answer: they may carry a customer's document text.
    log.warn("The model endpoint gave no usable answer; the rules answer instead", { reason });
    return null;
  };
  try {
    const response = await fetch(`${endpoint.baseUrl}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}) },
      body: JSON.stringify({
        model: endpoint.model,
        temperature: 0,
        response_format: { type: "json_object" },
        messages: [
          { role: "system", content: question.system },
          { role: "user", content: question.user },
        ],
      }),
      // The whole exchange, the answer's body included, within the timeout.
      signal: AbortSignal.timeout(endpoint.timeoutMs),
      redirect: "error",
    });
    if (!response.ok) {
      await response.body?.cancel();
      return fail(`status ${response.status}`);
    }
    const body = await readLimited(response);
    if (body === null) return fail("answer too large");
    const content = (JSON.parse(body) as { choices?: { message?: { content?: unknown } }[] })?.choices?.[0]?.message?.content;
    if (typeof content !== "string") return fail("no message in the answer");
    return JSON.parse(stripFence(content));
  } catch (error) {
    return fail(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  }
}

/** A model may wrap its JSON in a Markdown code fence even when asked not to. */
const stripFence = (text: string) => text.trim().replace(/^```(?:json)?\s*/i, "").replace(/\s*```$/, "");

async function readLimited(response: Response): Promise<string | null> {
  const reader = response.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
