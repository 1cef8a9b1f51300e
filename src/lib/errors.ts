// One error type for every rule a service enforces. The app's onError turns it into
// `{ message }` with the matching status, so handlers never build error responses.

export const statusByCode = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_type: 415,
  too_many_requests: 429,
  unavailable: 503,
  insufficient_storage: 507,
} as const;

export type AppErrorCode = keyof typeof statusByCode;

export class AppError extends Error {
  readonly code: AppErrorCode;
  /** Seconds a client should wait; sent as Retry-After with 429. */
  readonly retryAfter?: number;

  constructor(code: AppErrorCode, message: string, options: { retryAfter?: number } = {}) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.retryAfter = options.retryAfter;
  }

  get status(): number {
    return statusByCode[this.code];
  }
}

export const badRequest = (message: string) => new AppError("bad_request", message);
export const notFound = (message: string) => new AppError("not_found", message);
export const unauthorized = (message = "Authentication required") => new AppError("unauthorized", message);

/** The disk (or SQLite's file on it) is full: our problem, but a clear one the client can wait out. */
export function isDiskFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "ENOSPC" || code === "SQLITE_FULL";
}

// postgres.js's own codes for a connection that could not be made or was lost, and PostgreSQL's
// for a server shutting down or refusing connections (class 08, 57P01–57P03).
const CONNECTION_CODES: ReadonlySet<string> = new Set([
  "ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH",
  "CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED", "CONNECT_TIMEOUT",
  "57P01", "57P02", "57P03",
]);

/** The database server cannot be reached (PostgreSQL down or restarting): a 503 to retry, not our bug. */
export function isDatabaseUnreachable(error: unknown): boolean {
  // Drizzle wraps the driver's error in its own (cause), and so may we.
  for (let at = error as { code?: unknown; cause?: unknown } | null, depth = 0; at && depth < 4; at = at.cause as typeof at, depth++) {
    const code = typeof at.code === "string" ? at.code : "";
    if (CONNECTION_CODES.has(code) || code.startsWith("08")) return true;
  }
  return false;
}

export const databaseUnavailable = () =>
  new AppError("unavailable", "The database cannot be reached right now, so nothing was changed. Please try again in a moment.", { retryAfter: 5 });

export const storageFull = () => new AppError("insufficient_storage", "The portal has run out of storage space, so the file was not saved. Please try again later.");
