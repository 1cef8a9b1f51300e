// One error type for every rule a service enforces. The app's onError turns it into
// `{ message }` with the matching status, so handlers never build error responses.
import { DrizzleQueryError } from "drizzle-orm/errors";

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

export interface ErrorReason {
  code: string;
  /** Its values; a list of objects for what recognition saw (errors.recognitionRefused: its sentences). */
  values?: Record<string, string | number | object[]>;
}

export class AppError extends Error {
  readonly code: AppErrorCode;
  /** Seconds a client should wait; sent as Retry-After (a 429, or a 503 to try again shortly). */
  readonly retryAfter?: number;
  /**
   * A refusal a screen says in its own language: sent beside `message` as `{code, values}` (the
   * signing screen's faults, src/shared/signing-faults.ts; the customer portal's, a catalog key:
   * src/shared/customer-errors.ts); `message` stays English for API clients.
   */
  readonly reason?: ErrorReason;

  constructor(code: AppErrorCode, message: string, options: { retryAfter?: number; cause?: unknown; reason?: ErrorReason } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.retryAfter = options.retryAfter;
    this.reason = options.reason;
  }

  get status(): number {
    return statusByCode[this.code];
  }
}

export const badRequest = (message: string, reason?: ErrorReason) => new AppError("bad_request", message, { reason });
export const notFound = (message: string, reason?: ErrorReason) => new AppError("not_found", message, { reason });
export const unauthorized = (message = "Authentication required") => new AppError("unauthorized", message);

// A write the disk refused: full (ENOSPC, or SQLite's file on it), over the user's quota (EDQUOT),
// mounted read-only (EROFS). Only a write fails so, wherever it happens.
const STORAGE_REFUSAL_CODES: ReadonlySet<string> = new Set(["ENOSPC", "EDQUOT", "EROFS", "SQLITE_FULL"]);

/** The disk took no more: full, over quota or read-only. Our problem, but one the client can wait out. */
export function isStorageRefusal(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && STORAGE_REFUSAL_CODES.has(code);
}

/**
 * A write of a user's file refused by the disk, permissions included: a store folder the portal's
 * user may not write (EACCES, EPERM) fails the same way. Only where the failing step is known to be
 * that write: elsewhere EACCES is a file that cannot be read (not a matter of room).
 */
export function isFileWriteRefused(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return isStorageRefusal(error) || code === "EACCES" || code === "EPERM";
}

// postgres.js's own codes for a connection it could not make or lost, and PostgreSQL's for a
// server shutting down or refusing connections (class 08, 57P01-57P03). A socket's own codes
// (ECONNREFUSED …) count only in an error that came from the database (Drizzle's query wrapper):
// S3, Stripe or SMTP failing the same way are not the database.
const POSTGRES_CONNECTION_CODES: ReadonlySet<string> = new Set(["CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED", "CONNECT_TIMEOUT", "57P01", "57P02", "57P03"]);
const SOCKET_CODES: ReadonlySet<string> = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH"]);

/** The database server cannot be reached (PostgreSQL down or restarting): a 503 to retry, not our bug. */
export function isDatabaseUnreachable(error: unknown): boolean {
  type Link = { name?: unknown; code?: unknown; cause?: unknown };
  const chain: Link[] = [];
  for (let at = error as Link | null, depth = 0; at && typeof at === "object" && depth < 4; at = at.cause as Link | null, depth++) chain.push(at);
  const codes = chain.map((e) => (typeof e.code === "string" ? e.code : ""));
  if (codes.some((code) => POSTGRES_CONNECTION_CODES.has(code) || code.startsWith("08"))) return true;
  return chain.some((e) => e instanceof DrizzleQueryError) && codes.some((code) => SOCKET_CODES.has(code));
}

/** Our bug (details only in the log): the words, and the catalog message the portal says them by. */
export const SERVER_FAULT = { message: "Something went wrong on our side. Please try again.", reason: { code: "errors.serverFault" } } as const;

export const databaseUnavailable = () =>
  new AppError("unavailable", "The database cannot be reached right now. Please try again in a moment.", { retryAfter: 5, reason: { code: "errors.databaseDown" } });

/**
 * 507: the file store cannot take a file now (full, over quota, read-only). `cause` is what the
 * disk said, logged for the operator (error-handler.ts); the client gets the plain message.
 */
export const storageFull = (cause?: unknown) =>
  new AppError("insufficient_storage", "The server has no room to store this file right now. Please try again later.", { cause, reason: { code: "errors.storageFull" } });
