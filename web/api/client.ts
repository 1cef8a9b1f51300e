// The one fetch client of the web app. The browser is authenticated by an
// HttpOnly session cookie, so every call includes credentials and no token
// is ever kept in JavaScript.

export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = "ApiError";
    this.status = status;
  }
}

export interface ApiFetchOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * The error text of a failed response (SPEC section 7): the JSON body's
 * `message`, else the raw body text, else the status text, else "HTTP (status)".
 */
export async function errorMessageOf(response: Response): Promise<string> {
  let text = "";
  try {
    text = await response.text();
  } catch {
    // An unreadable body falls through to the status text.
  }
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === "object" && "message" in parsed) {
        const message = (parsed as { message: unknown }).message;
        if (typeof message === "string" && message.trim()) return message;
      }
    } catch {
      // Not JSON: the raw text is the best message we have.
    }
    if (text.trim()) return text.trim();
  }
  if (response.statusText) return response.statusText;
  return `HTTP ${response.status}`;
}

export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const { method = "GET", body, signal } = options;
  const headers: Record<string, string> = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";

  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "include",
    signal,
  });

  if (!response.ok) {
    throw new ApiError(response.status, await errorMessageOf(response));
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * The text to show for a failed call: the server's message, else the fallback. A network
 * failure's own text ("Failed to fetch") means nothing to a person, so it never shows.
 */
export function errorText(error: unknown, fallback = ""): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
