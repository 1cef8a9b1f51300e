// One delivery attempt: the event POSTed as JSON, signed, to the checked address only, within
// 10 s, redirects not followed, and at most the first 1 KB of the answer read (a receiver that
// answers 10 MB, or never stops, costs nothing more). Never throws: what happened is the result,
// for the delivery log. Retrying is the outbox's (retry-schedule.ts says when).
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { checkDeliveryTarget, type DeliveryTarget, type Resolve } from "./address-guard.ts";
import { SIGNATURE_HEADER, signatureHeader } from "./signature.ts";

export const DELIVERY_TIMEOUT_MS = 10_000;
/** How much of a receiver's answer the delivery log keeps. */
export const RESPONSE_SNIPPET_BYTES = 1024;

export interface WebhookEvent {
  id: string;
  type: string;
  createdAt: string;
  data: unknown;
}

export interface DeliveryResult {
  /** A 2xx answer. */
  ok: boolean;
  /** The receiver's status; null when there was no answer (refused, unreachable, timed out). */
  status: number | null;
  /** The first 1 KB of the answer, as text. */
  responseSnippet: string;
  /** Why it failed, in words for the delivery log; null when it succeeded. */
  error: string | null;
  durationMs: number;
}

/** Only ever the checked address, whatever the name resolves to now. */
const pinnedLookup = (target: DeliveryTarget): LookupFunction =>
  ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as LookupFunction;

/**
 * The status is the outcome once it has come; the body is only read for the log, until 1 KB or
 * the deadline, whichever is first (a receiver still streaming at 10 s keeps its status).
 */
function post(target: DeliveryTarget, body: string, headers: Record<string, string>, timeoutMs: number) {
  return new Promise<{ status: number; snippet: string }>((resolve, reject) => {
    const client = target.url.protocol === "https:" ? https : http;
    let stopReading: (() => void) | null = null;
    const timer = setTimeout(() => {
      if (stopReading) stopReading();
      else request.destroy(new Error(`No answer within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    const request = client.request(
      target.url,
      { method: "POST", headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) }, lookup: pinnedLookup(target), agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        stopReading = () => {
          clearTimeout(timer);
          response.destroy();
          resolve({ status: response.statusCode ?? 0, snippet: new TextDecoder().decode(Buffer.concat(chunks)) });
        };
        response.on("data", (chunk: Buffer) => {
          const part = chunk.subarray(0, RESPONSE_SNIPPET_BYTES - kept);
          chunks.push(part);
          kept += part.length;
          if (kept >= RESPONSE_SNIPPET_BYTES) stopReading!();
        });
        // A promise settles once: whichever of these comes first decides.
        for (const done of ["end", "close", "error"]) response.on(done, () => stopReading!());
      },
    );
    request.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(body);
  });
}

/** POSTs `event` to `url`, signed with `secrets` (signature.ts's signingSecrets). */
export async function deliverOnce(options: {
  url: string;
  event: WebhookEvent;
  secrets: readonly string[];
  allowPrivate: boolean;
  now?: Date;
  timeoutMs?: number;
  /** How the host is resolved (tests stand in for DNS); the system resolver by default. */
  resolve?: Resolve;
}): Promise<DeliveryResult> {
  const started = performance.now();
  const result = (fields: Omit<DeliveryResult, "durationMs">): DeliveryResult => ({
    ...fields,
    durationMs: Math.round(performance.now() - started),
  });
  const check = await checkDeliveryTarget(options.url, { allowPrivate: options.allowPrivate, resolve: options.resolve });
  if (!check.ok) return result({ ok: false, status: null, responseSnippet: "", error: check.reason });

  const { id, type, createdAt, data } = options.event;
  const body = JSON.stringify({ id, type, createdAt, data });
  const headers = {
    "Content-Type": "application/json",
    "User-Agent": "BrokerPortal-Webhooks/1",
    [SIGNATURE_HEADER]: signatureHeader(options.secrets, body, options.now ?? new Date()),
  };
  try {
    const answer = await post(check.target, body, headers, options.timeoutMs ?? DELIVERY_TIMEOUT_MS);
    const ok = answer.status >= 200 && answer.status < 300;
    const redirected = answer.status >= 300 && answer.status < 400;
    const error = ok ? null : redirected ? `Redirects are not followed (HTTP ${answer.status})` : `HTTP ${answer.status}`;
    return result({ ok, status: answer.status, responseSnippet: answer.snippet, error });
  } catch (error) {
    return result({ ok: false, status: null, responseSnippet: "", error: (error as Error).message });
  }
}
