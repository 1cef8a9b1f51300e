// Reads one uploaded file from a multipart request as a stream: straight to a temporary file,
// never the whole body in memory, stopped as soon as it passes the size limit, and typed by its
// first bytes (magic numbers), not by its name or the browser's say-so. Each file's bytes go to
// disk in upload-spool.ts; its type and name are judged in upload-content.ts.
import busboy from "busboy";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { once } from "node:events";
import { AppError, isFileWriteRefused, storageFull, type ErrorReason } from "./errors.ts";
import { exceedsUploadLimit, megabytes, uploadMessages } from "../shared/validation.ts";
import { randomToken } from "./tokens.ts";
import { cleanFileName, sniffType } from "./upload-content.ts";
import { spoolToFile, type IncomingFile } from "./upload-spool.ts";

export interface ReceivedFileData {
  /** Where the bytes are now; the caller moves it into the file store or removes it. */
  tempPath: string;
  /** The client's name for the file, cleaned for display (never used as a path). */
  originalName: string;
  /** Sniffed from the content. */
  mimeType: string;
  size: number;
}

export interface ReceivedFile extends ReceivedFileData {
  fields: Record<string, string>;
}

export interface ReceivedFiles {
  files: ReceivedFileData[];
  fields: Record<string, string>;
}

export interface ReceiveOptions {
  tempDir: string;
  /** The limit of each file. */
  maxBytes: number;
  /** Allowed sniffed MIME types. */
  accept: readonly string[];
  /** The message for anything else (415). */
  acceptMessage: string;
  /** Its catalog message, for a refusal the customer portal says in its language (errors.ts `reason`). */
  acceptReason?: ErrorReason;
  fieldName?: string;
  /** The longest text field accepted (default 1 KB). */
  maxFieldBytes?: number;
}

export interface ReceiveManyOptions extends ReceiveOptions {
  /** More files than this are refused (400), not silently dropped. */
  maxFiles: number;
  /** The message when no file (or an empty one) was sent. */
  noFileMessage?: string;
  /** No file at all is the caller's to judge (its fields may name a stored one instead); an empty one is still refused. */
  fileOptional?: boolean;
}

/** Room for multipart boundaries and part headers around the file in an announced body length. */
const MULTIPART_FRAMING_BYTES = 64 * 1024;

/**
 * busboy for one upload. File names are decoded as UTF-8 (what browsers send; busboy's default,
 * latin1, garbles "Überweisung.pdf"), and a file is cut one byte past the limit so a file of
 * exactly the limit passes whole. A header busboy cannot read (no boundary) is the client's mistake.
 */
function multipartParser(contentType: string, limits: { maxBytes: number; files: number; fieldSize: number }): busboy.Busboy {
  try {
    return busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      limits: { files: limits.files, fileSize: limits.maxBytes + 1, fields: 10, fieldSize: limits.fieldSize, parts: limits.files + 11 },
    });
  } catch (error) {
    throw new AppError("bad_request", `Send the file as multipart/form-data with a boundary (${(error as Error).message})`);
  }
}

/** One file of a multipart body: the only one (uploads) or one of several (shares). */
export async function receiveFile(request: Request, options: ReceiveOptions): Promise<ReceivedFile> {
  const { files, fields } = await receiveParts(request, { ...options, maxFiles: 1 }, { refuseExtraFiles: false });
  return { ...files[0]!, fields };
}

/**
 * Every file of a multipart body sent under `fieldName`, each streamed to its own temporary file
 * and held to `maxBytes`, all typed by content. All or nothing: if one file is refused (too large,
 * wrong type, too many) or the body breaks off, every temporary file is removed before the error.
 */
export function receiveFiles(request: Request, options: ReceiveManyOptions): Promise<ReceivedFiles> {
  return receiveParts(request, options, { refuseExtraFiles: true });
}

async function receiveParts(request: Request, options: ReceiveManyOptions, mode: { refuseExtraFiles: boolean }): Promise<ReceivedFiles> {
  const tooLarge = () => new AppError("too_large", uploadMessages.tooLarge(options.maxBytes), { reason: { code: "upload.tooLarge", values: { size: megabytes(options.maxBytes) } } });
  const noFile = () => new AppError("bad_request", options.noFileMessage ?? uploadMessages.noFile);
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) {
    throw new AppError("bad_request", "Send the file as multipart/form-data");
  }
  const maxFieldBytes = options.maxFieldBytes ?? 1024;
  // The whole body may be the files plus a little multipart framing and the text fields: an
  // announced longer body is refused before any of it is read, a chunked one as soon as it passes
  // the bound (below).
  const bodyBound = options.maxFiles * options.maxBytes + MULTIPART_FRAMING_BYTES + (options.maxFieldBytes ? 10 * maxFieldBytes : 0);
  const bodyTooLong = (bytes: number) => exceedsUploadLimit(bytes, bodyBound);
  if (bodyTooLong(Number(request.headers.get("content-length") ?? "0"))) throw tooLarge();
  if (!request.body) throw noFile();

  const fieldName = options.fieldName ?? "file";
  const fields: Record<string, string> = {};
  const files: IncomingFile[] = [];
  let tooMany = false;
  // busboy stops a file at its fileSize limit, so reaching one byte past ours means "too large".
  const overLimit = () => files.some((f) => exceedsUploadLimit(f.size, options.maxBytes));
  const removeAll = () => {
    for (const f of files) rmSync(f.tempPath, { force: true });
  };
  // A failed file write (a full disk) must stop the body loop below, which may be waiting on a
  // read or on a parser that will never drain again. Each wait is raced against the failure
  // separately and unhooked when it settles: racing every read against one long-lived promise
  // (Promise.race([reader.read(), writeFailed])) left a reaction holding each read's chunk on that
  // promise until the upload ended, i.e. the whole body in memory (50 uploads: +400 MB).
  let writeError: { error: unknown } | null = null;
  const waiting = new Set<(error: unknown) => void>();
  const stopReading = (error: unknown) => {
    writeError ??= { error };
    for (const reject of waiting) reject(error);
    waiting.clear();
  };
  const unlessWriteFails = <T>(pending: Promise<T>): Promise<T> => {
    if (writeError) {
      pending.catch(() => {});
      return Promise.reject(writeError.error);
    }
    return new Promise<T>((resolve, reject) => {
      waiting.add(reject);
      pending.then(
        (value) => {
          waiting.delete(reject);
          resolve(value);
        },
        (error) => {
          waiting.delete(reject);
          reject(error);
        },
      );
    });
  };

  const parser = multipartParser(contentType, { maxBytes: options.maxBytes, files: options.maxFiles, fieldSize: maxFieldBytes });
  parser.on("field", (name, value) => {
    fields[name] = value;
  });
  parser.on("filesLimit", () => {
    tooMany = true;
  });
  parser.on("file", (name, stream, info) => {
    if (name !== fieldName || files.length >= options.maxFiles) {
      stream.resume();
      return;
    }
    const file = spoolToFile(stream, join(options.tempDir, `upload-${randomToken(12)}`), cleanFileName(info.filename ?? ""));
    files.push(file);
    // Its failure also fails the body loop below, which is what we await; never leave it unhandled.
    file.done.catch(stopReading);
  });
  const allDone = () => Promise.all(files.map((f) => f.done));

  // Read the body one chunk at a time and only as fast as busboy and the disk take it, so a slow
  // disk or many uploads at once never pile request bytes up in memory.
  const reader = request.body.getReader();
  let aborted = false;
  // A client that goes away does not end the body stream; the request's signal says so instead.
  const onAbort = () => {
    aborted = true;
    void reader.cancel().catch(() => {});
  };
  request.signal.addEventListener("abort", onAbort, { once: true });
  const parsed = new Promise<void>((resolve, reject) => {
    parser.on("close", resolve);
    parser.on("error", reject);
  });
  parsed.catch(() => {}); // awaited on success; on failure the catch below reports the cause
  let received = 0;
  try {
    for (;;) {
      const { done, value } = await unlessWriteFails(reader.read());
      if (done) break;
      if (aborted) throw new Error("the connection closed before the file was complete");
      // Past the bound nothing more is worth reading (busboy would only discard it).
      if (bodyTooLong((received += value.length)) || overLimit()) throw tooLarge();
      if (!parser.write(value)) await unlessWriteFails(once(parser, "drain"));
    }
    if (aborted) throw new Error("the connection closed before the file was complete");
    parser.end();
    // busboy closes only once every file stream has been read to its end: a file whose write
    // failed (a full disk) is never read again, so this wait too must end with that failure.
    await unlessWriteFails(parsed);
    await allDone();
  } catch (error) {
    // Stop reading, stop the half-written files' streams, let them close, then remove them.
    void reader.cancel().catch(() => {});
    for (const f of files) f.stream.destroy(error as Error);
    parser.destroy();
    await Promise.allSettled(files.map((f) => f.done));
    removeAll();
    if (error instanceof AppError) throw error;
    if (overLimit()) throw tooLarge();
    // The temporary file could not be written: a full, read-only or over-quota disk (507).
    if (isFileWriteRefused(error)) throw storageFull(error);
    // The client went away or sent a broken body: nothing was stored.
    throw new AppError("bad_request", `The upload did not complete: ${(error as Error).message}`);
  } finally {
    request.signal.removeEventListener("abort", onAbort);
  }

  const fail = (error: AppError): never => {
    removeAll();
    throw error;
  };
  if (overLimit()) fail(tooLarge());
  if (tooMany && mode.refuseExtraFiles) fail(new AppError("bad_request", `Send at most ${options.maxFiles} files at once.`));
  if ((files.length === 0 && !options.fileOptional) || files.some((f) => f.size === 0)) fail(noFile());
  const accepted: ReceivedFileData[] = [];
  for (const f of files) {
    const mimeType = await sniffType(f.head, options.accept);
    if (!mimeType) fail(new AppError("unsupported_type", options.acceptMessage, { reason: options.acceptReason }));
    accepted.push({ tempPath: f.tempPath, originalName: f.originalName, mimeType: mimeType!, size: f.size });
  }
  return { files: accepted, fields };
}
