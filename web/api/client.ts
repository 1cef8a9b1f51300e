// The one HTTP client of the web app: every request and every reading of a failed answer is
// here. The browser is authenticated by an HttpOnly session cookie, so every call includes
// credentials and no token is ever kept in JavaScript.
//
// A call's answer and body are typed by the route its method and path reach
// (src/shared/api-routes.ts, from the server's own route schemas): callers never name a type, and
// a path the server does not serve does not compile.
import type { AnswerOf, ApiMethod, BodyFor, ServedPath } from "@shared/api-routes";
import { reportReachable, reportUnreachable } from "./connection";

export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  /** False when the answer carried no text of its own and the message is made up from the status. */
  readonly fromServer: boolean;
  /** A refusal's code and values, where the server names one (a signer's: src/shared/signing-faults.ts), for a screen to say in its language. */
  readonly reason?: { code: string; values?: Record<string, string | number> };
  constructor(status: number, message: string, options: { statusText?: string; fromServer?: boolean; reason?: ApiError["reason"] } = {}) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.statusText = options.statusText ?? "";
    this.fromServer = options.fromServer ?? true;
    this.reason = options.reason;
  }
}

/**
 * Any answer but a proxy's "the portal is not there" means the server is reachable. The portal's
 * own 503 (a service behind it is down) is JSON with a message, and is told as that message.
 */
const reportStatus = (status: number, contentType: string | null) =>
  status >= 502 && status <= 504 && !contentType?.includes("application/json") ? reportUnreachable() : reportReachable();

export interface ApiFetchOptions<M extends ApiMethod = ApiMethod, Body = unknown> {
  method?: M;
  /** Sent as JSON. */
  body?: Body;
  signal?: AbortSignal;
  /** "no-store" for data that must never come from the browser's HTTP cache. */
  cache?: RequestCache;
}

/**
 * The error of a failed answer (SPEC section 7): the JSON body's `message`, else the raw
 * body text, else the status text, else "HTTP (status)". Used for fetch and XHR alike.
 */
function apiErrorOf(status: number, statusText: string, body: string): ApiError {
  const text = body.trim();
  let message = text;
  let reason: ApiError["reason"];
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === "object" && "message" in parsed) {
        const { message: field, code, values } = parsed as { message: unknown; code?: unknown; values?: unknown };
        if (typeof field === "string" && field.trim()) message = field;
        if (typeof code === "string") reason = { code, ...(values && typeof values === "object" ? { values: values as Record<string, string | number> } : {}) };
      }
    } catch {
      // Not JSON: the raw text is the best message we have.
    }
  }
  return new ApiError(status, message || statusText || `HTTP ${status}`, { statusText, fromServer: Boolean(message), reason });
}

async function request(path: string, { method = "GET", body, signal, cache }: ApiFetchOptions, accept?: string): Promise<Response> {
  const headers: Record<string, string> = accept ? { Accept: accept } : {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "include",
      signal,
      ...(cache ? { cache } : {}),
    });
  } catch (error) {
    if (!isAbortError(error)) reportUnreachable();
    throw error;
  }
  reportStatus(response.status, response.headers.get("content-type"));
  if (!response.ok) {
    let text = "";
    try {
      text = await response.text();
    } catch {
      // An unreadable body falls through to the status text.
    }
    throw apiErrorOf(response.status, response.statusText, text);
  }
  return response;
}

/** A JSON call; rejects with an ApiError carrying the server's message. */
export async function apiFetch<Path extends ServedPath<M>, M extends ApiMethod = "GET">(
  path: Path,
  options: ApiFetchOptions<M, BodyFor<M, Path>> = {},
): Promise<AnswerOf<M, Path>> {
  type Answer = AnswerOf<M, Path>;
  const response = await request(path, options, "application/json");
  if (response.status === 204) return undefined as Answer;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as Answer;
}

/** A file, as a Blob (for previews of files the server sends as attachments). */
export async function apiBlob(path: string, options: Pick<ApiFetchOptions, "signal"> = {}): Promise<Blob> {
  return (await request(path, options)).blob();
}

export interface ApiUploadOptions {
  /** Whole percent of the request body sent, 0–100. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** Said when an upload's connection drops (XHR gives no words for it). */
export const CONNECTION_LOST = "The connection was lost. Please check your internet connection and try again.";

/**
 * Posts a form with XMLHttpRequest, because fetch cannot report upload progress. Rejects with
 * an ApiError carrying the server's message, an Error saying the connection was lost, or an
 * AbortError when aborted.
 */
export function apiUpload<Path extends ServedPath<"POST">>(
  path: Path,
  form: FormData,
  { onProgress, signal }: ApiUploadOptions = {},
): Promise<AnswerOf<"POST", Path>> {
  return new Promise((resolve, reject) => {
    const aborted = () => new DOMException("The upload was canceled.", "AbortError");
    if (signal?.aborted) return reject(aborted());
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    xhr.withCredentials = true;
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      // Rounded down: 100 means every byte is sent (the portal then says it is checking the file).
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(100, Math.floor((event.loaded / event.total) * 100)));
    };
    const onAbort = () => xhr.abort();
    xhr.onload = () => {
      signal?.removeEventListener("abort", onAbort);
      reportStatus(xhr.status, xhr.getResponseHeader("content-type"));
      const text = typeof xhr.responseText === "string" ? xhr.responseText : "";
      if (xhr.status < 200 || xhr.status >= 300) return reject(apiErrorOf(xhr.status, xhr.statusText, text));
      try {
        resolve(JSON.parse(text) as AnswerOf<"POST", Path>);
      } catch {
        reject(new ApiError(xhr.status, "The server's answer could not be read."));
      }
    };
    xhr.onerror = () => {
      signal?.removeEventListener("abort", onAbort);
      reportUnreachable();
      reject(new Error(CONNECTION_LOST));
    };
    xhr.onabort = () => reject(aborted());
    signal?.addEventListener("abort", onAbort, { once: true });
    xhr.send(form);
  });
}

export const isAbortError = (error: unknown) => error instanceof DOMException && error.name === "AbortError";

/** SPEC 6: a 401 on a broker's read is an answer (nobody signed in, null), not an error. */
export async function nullOn401<T>(pending: Promise<T>): Promise<T | null> {
  try {
    return await pending;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/**
 * The text to show for a failed call: the server's message, else the fallback. A network
 * failure's own text ("Failed to fetch") means nothing to a person, so it never shows.
 */
export function errorText(error: unknown, fallback = ""): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
