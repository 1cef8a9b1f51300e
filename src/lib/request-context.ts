// What one request carries between the hooks that see it: its id (for the log line, the
// X-Request-Id header and any error logged while serving it), when it started and, when the error
// handler answered, the status it chose (Elysia's after-response hook does not see that one).
// Kept on the Request itself under a symbol, one record per request: half the cost of the
// WeakMap entries it replaces (which the garbage collector must also visit).
const TRACKED = Symbol("request tracking");

interface Tracked {
  id: string;
  /** performance.now() when the request arrived. */
  started: number;
  errorStatus?: number;
}

type TrackedRequest = Request & { [TRACKED]?: Tracked };

/** An id a proxy in front may pass on; anything else is replaced by our own. */
const FORWARDED_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Starts tracking a request: its id (returned) and its start time. */
export function assignRequestId(request: Request): string {
  const forwarded = request.headers.get("x-request-id");
  const id = forwarded && FORWARDED_ID.test(forwarded) ? forwarded : crypto.randomUUID();
  (request as TrackedRequest)[TRACKED] = { id, started: performance.now() };
  return id;
}

export const requestIdOf = (request: Request): string | undefined => (request as TrackedRequest)[TRACKED]?.id;

export const requestStartOf = (request: Request): number | undefined => (request as TrackedRequest)[TRACKED]?.started;

export function noteErrorStatus(request: Request, status: number): void {
  const tracked = (request as TrackedRequest)[TRACKED];
  if (tracked) tracked.errorStatus = status;
}

export const errorStatusOf = (request: Request): number | undefined => (request as TrackedRequest)[TRACKED]?.errorStatus;
