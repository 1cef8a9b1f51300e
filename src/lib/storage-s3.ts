// The file store on S3-compatible object storage (S3_BUCKET), through Bun's own S3 client. Files
// go up from the temporary file in parts and come down as streams: neither way is a whole file
// held in memory. Objects sit at the bucket's top level under their storage key.
import { mkdirSync, rmSync } from "node:fs";
import { open } from "node:fs/promises";
import { join } from "node:path";
import { S3Client } from "bun";
import type { Config } from "../config.ts";
import { AppError } from "./errors.ts";
import type { Logger } from "./log.ts";
import { checkedKey, KEY_PATTERN, type FileStore } from "./file-store.ts";
import { Limiter } from "./limiter.ts";
import { bucketProblem } from "./storage-s3-problems.ts";

/** S3's smallest part (every part but the last must be at least 5 MiB). */
const PART_BYTES = 5 * 1024 * 1024;
/** How much of the temporary file is read at a time. */
const READ_BYTES = 1024 * 1024;

export interface S3StoreOptions {
  tempDir: string;
  /** Keys asked for per list request (S3's maximum is 1000; tests page with less). */
  listPageSize?: number;
  /** Where a failing storage service is reported (the client gets a plain 503). */
  log?: Logger;
}

/** An error from the storage service (Bun's S3Error) or from reaching it, not from our own disk. */
const isServiceError = (error: unknown) => error instanceof Error && (error.name === "S3Error" || /^(Connection|ECONN|ETIMEDOUT|EHOSTUNREACH)/.test(String((error as { code?: unknown }).code ?? "")));

/** `cause`: the service's error, whose code /readyz reports (NoSuchBucket, ConnectionRefused …). */
const cannotStore = (cause: unknown) => new AppError("unavailable", "Files cannot be stored right now, so nothing was saved. Please try again shortly.", { retryAfter: 30, cause, reason: { code: "errors.storageDown" } });
const cannotRead = () => new AppError("unavailable", "Stored files cannot be read right now. Please try again shortly.", { retryAfter: 30, reason: { code: "errors.storageUnreadable" } });

/** Uploads sent to the bucket at once by one portal process. */
const UPLOADS_AT_ONCE = 4;

type S3Settings = NonNullable<Config["s3"]>;

/** Bun's S3 client for the settings' bucket. */
export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    bucket: settings.bucket,
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.region ? { region: settings.region } : {}),
    virtualHostedStyle: settings.virtualHostedStyle,
  });
}

export function s3FileStore(settings: S3Settings, options: S3StoreOptions): FileStore {
  const client = s3Client(settings);
  const tmp = options.tempDir;
  mkdirSync(tmp, { recursive: true });

  const uploadSlots = new Limiter(UPLOADS_AT_ONCE);

  /** Deletes what a failed upload may have left; a failure to do so is the sweep's to clean up. */
  const discard = (key: string) => client.delete(key).catch(() => {});

  /** Streams a finished temporary file into the bucket under `key`, then removes the file. */
  async function sendToBucket(tempPath: string, key: string): Promise<void> {
    const target = client.file(checkedKey(key));
    const source = await open(tempPath, "r");
    // One part in flight at a time and each awaited: the file is read no faster than the bucket
    // takes it. Bun sends a file under one part as a single PUT, larger ones as a multipart upload.
    const writer = target.writer({ partSize: PART_BYTES, queueSize: 1, type: "application/octet-stream" });
    let ending = false;
    try {
      const chunk = new Uint8Array(READ_BYTES);
      for (;;) {
        const { bytesRead } = await source.read(chunk, 0, chunk.length, null);
        if (bytesRead === 0) break;
        await writer.write(chunk.subarray(0, bytesRead));
        await writer.flush();
      }
      ending = true;
      await writer.end();
    } catch (error) {
      // Ending a multipart upload completes it, even with an error given, so an upload cut
      // off half way is ended and its object deleted: nothing is left under `key`.
      if (!ending) await Promise.resolve().then(() => writer.end()).catch(() => {});
      await discard(key);
      if (!isServiceError(error)) throw error;
      options.log?.error("The S3 bucket did not take an upload", { bucket: settings.bucket, problem: bucketProblem(settings, error) });
      throw cannotStore(error);
    } finally {
      await source.close();
    }
    rmSync(tempPath, { force: true });
  }

  const store: FileStore = {
    tempDir: tmp,
    shared: true,
    discardUnfinishedUploads() {
      rmSync(tmp, { recursive: true, force: true });
      mkdirSync(tmp, { recursive: true });
    },
    async storedKeys({ modifiedBefore } = {}) {
      const keys: string[] = [];
      let continuationToken: string | undefined;
      do {
        let page;
        try {
          page = await client.list({ maxKeys: options.listPageSize ?? 1000, ...(continuationToken ? { continuationToken } : {}) });
        } catch (error) {
          throw new Error(bucketProblem(settings, error));
        }
        for (const object of page.contents ?? []) {
          if (!KEY_PATTERN.test(object.key)) continue; // not ours
          if (modifiedBefore && !(object.lastModified && new Date(object.lastModified) < modifiedBefore)) continue;
          keys.push(object.key);
        }
        continuationToken = page.isTruncated ? page.nextContinuationToken : undefined;
      } while (continuationToken);
      return keys;
    },
    // A few uploads to the bucket at once: each holds a part or two in memory while it is sent,
    // so 50 arriving together would hold 50 × 10 MB; the others wait on their temp files.
    adopt: (tempPath, key) => uploadSlots.run(() => sendToBucket(tempPath, key)),
    async write(key, data) {
      // The way every upload goes, through a temporary file: so /readyz, which writes a probe,
      // also proves the local disk that uploads stream to can take them.
      const temp = join(tmp, `${checkedKey(key)}.${process.pid}.${Date.now()}`);
      await Bun.write(temp, data);
      try {
        await store.adopt(temp, key);
      } finally {
        rmSync(temp, { force: true });
      }
    },
    async read(key) {
      const file = client.file(checkedKey(key));
      try {
        return (await file.exists()) ? file : null;
      } catch (error) {
        if (!isServiceError(error)) throw error;
        options.log?.error("The S3 bucket could not be read", { bucket: settings.bucket, error: String(error) });
        throw cannotRead();
      }
    },
    async remove(key) {
      try {
        await client.delete(checkedKey(key));
      } catch (error) {
        if (!isServiceError(error)) throw error;
        // Removal follows a committed change (a deleted document) or undoes a failed one: neither
        // should fail for it. What stays behind is an orphan, which doctor reports and the
        // start-up sweep removes.
        options.log?.warn("An S3 object could not be deleted; the start-up sweep will remove it", { bucket: settings.bucket, key, error: String(error) });
      }
    },
  };
  return store;
}
