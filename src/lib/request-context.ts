// What one request carries between the hooks that see it: its id (for the log line, the
// X-Request-Id header and any error logged while serving it) and, when the error handler
// answered, the status it chose (Elysia's after-response hook does not see that one).
const ids = new WeakMap<Request, string>();
const errorStatuses = new WeakMap<Request, number>();

/** An id a proxy in front may pass on; anything else is replaced by our own. */
const FORWARDED_ID = /^[A-Za-z0-9._-]{8,64}$/;

export function assignRequestId(request: Request): string {
  const forwarded = request.headers.get("x-request-id");
  const id = forwarded && FORWARDED_ID.test(forwarded) ? forwarded : crypto.randomUUID();
  ids.set(request, id);
  return id;
}

export const requestIdOf = (request: Request): string | undefined => ids.get(request);

export function noteErrorStatus(request: Request, status: number): void {
  errorStatuses.set(request, status);
}

export const errorStatusOf = (request: Request): number | undefined => errorStatuses.get(request);
