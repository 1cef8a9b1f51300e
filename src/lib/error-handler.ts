// The one place errors become responses: `{ message }` with a 4xx for the caller's mistakes,
// a bare 500 message (details only in the log) for ours. Never a stack trace.
import { Elysia, ValidationError } from "elysia";
import type { Logger } from "./log.ts";
import { AppError, type ErrorReason, SERVER_FAULT, databaseUnavailable, isDatabaseUnreachable, isStorageRefusal, storageFull } from "./errors.ts";
import { noteErrorStatus, requestIdOf } from "./request-context.ts";

const jsonResponse = (status: number, message: string, headers: Record<string, string> = {}, reason?: ErrorReason) =>
  new Response(JSON.stringify(reason ? { message, code: reason.code, ...(reason.values ? { values: reason.values } : {}) } : { message }), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });

type Issue = { path?: string; message?: string; schema?: { error?: unknown } };

/**
 * The first thing wrong with the request. Elysia's `all` writes each value into its summary,
 * which throws for an object that cannot become text (`{"toString": "x"}`); then TypeBox's own
 * iterator, which builds no summary, answers instead.
 */
function firstIssue(error: Readonly<ValidationError>): Issue | undefined {
  try {
    return error.all[0] as Issue | undefined;
  } catch {
    try {
      const validator = error.validator as { Errors?: (value: unknown) => { First(): Issue | undefined } } | undefined;
      return validator?.Errors?.(error.value).First();
    } catch {
      return undefined;
    }
  }
}

function validationMessage(error: Readonly<ValidationError>): string {
  const first = firstIssue(error);
  const field = first?.path?.replace(/^\//, "").replaceAll("/", ".");
  // A schema's own `error` text is the clearest message we have.
  if (typeof first?.schema?.error === "string") return first.schema.error;
  if (!field) return "The request is not valid";
  if (first?.message?.startsWith("Expected required property") || first?.message === "Required property") {
    return `${field} is required`;
  }
  return `${field}: ${first?.message ?? "is not valid"}`;
}

export const errorHandler = (log: Logger) =>
  new Elysia({ name: "error-handler" }).onError({ as: "global" }, ({ code, error, set, request }) => {
    const json = (status: number, message: string, headers: Record<string, string> = {}, reason?: ErrorReason) => {
      noteErrorStatus(request, status); // for the request log line and /metrics
      return jsonResponse(status, message, headers, reason);
    };
    const headers = Object.fromEntries(
      Object.entries(set.headers).filter((e): e is [string, string] => typeof e[1] === "string"),
    );
    // Elysia wraps what a body read throws (our 413 from body-limit.ts) in its ParseError.
    let appError = error instanceof AppError ? error : code === "PARSE" && error.cause instanceof AppError ? error.cause : null;
    // PostgreSQL down or restarting: a 503 the client may retry shortly (Retry-After), and logged.
    if (!appError && isDatabaseUnreachable(error)) {
      log.error("The database cannot be reached", { requestId: requestIdOf(request), error: String(error) });
      appError = databaseUnavailable();
    }
    // A disk that refused a write (full, read-only) anywhere, a file's or SQLite's own: said
    // plainly to the client, and what the disk said logged for the operator.
    if (!appError && isStorageRefusal(error)) appError = storageFull(error);
    if (appError) {
      if (appError.code === "insufficient_storage") {
        log.error("The disk refused a write", { requestId: requestIdOf(request), error: String(appError.cause ?? appError.message) });
      }
      if (appError.retryAfter) headers["Retry-After"] = String(appError.retryAfter);
      return json(appError.status, appError.message, headers, appError.reason);
    }
    switch (code) {
      case "VALIDATION":
        // A response that does not match its schema is our bug, not the caller's.
        if (error.type === "response") break;
        return json(400, validationMessage(error), headers);
      case "PARSE":
        return json(400, "The request body could not be read. Send valid JSON or form data.", headers);
      case "NOT_FOUND":
        return json(404, `No such endpoint: ${request.method} ${new URL(request.url).pathname}`, headers);
      case "INVALID_COOKIE_SIGNATURE":
        return json(400, "A cookie was not valid. Sign in again.", headers);
    }
    if (typeof code === "number" && code >= 400 && code < 500) {
      return json(code, error instanceof Error ? error.message : String(error), headers);
    }
    // The request id, not the path: a path may hold an upload link, which is a secret.
    log.error("Unhandled error", { requestId: requestIdOf(request), error: String((error as Error)?.stack ?? error) });
    return json(500, SERVER_FAULT.message, headers, SERVER_FAULT.reason);
  });
