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

export const storageFull = () => new AppError("insufficient_storage", "The portal has run out of storage space, so the file was not saved. Please try again later.");
