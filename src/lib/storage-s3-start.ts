// Before a portal on S3 serves anything, its bucket must answer: the storage service may still be
// starting beside it (waited for, as PostgreSQL is in db/database.ts), but a bucket that does not
// exist or keys it refuses are settings to fix, said at once. Either way one line naming the
// setting, not Bun's "an unexpected error has occurred" at the first upload.
import type { Config } from "../config.ts";
import { s3Client } from "./storage-s3.ts";
import { bucketProblem, isServiceNotAnswering } from "./storage-s3-problems.ts";

/** The bucket could not be used at start: the message names the setting to check. */
export class StorageUnreachableError extends Error {
  override name = "StorageUnreachableError";
}

/** How often a start asks a service that is not answering yet. */
const ASK_EVERY_MS = 2_000;

/**
 * Lists one key of the bucket until it answers, for up to `waitMs` while the service is not
 * answering; a missing bucket or refused keys fail at once.
 */
export async function reachBucket(settings: NonNullable<Config["s3"]>, waitMs: number): Promise<void> {
  const client = s3Client(settings);
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      await client.list({ maxKeys: 1 });
      return;
    } catch (error) {
      if (!isServiceNotAnswering(error)) throw new StorageUnreachableError(bucketProblem(settings, error));
      if (Date.now() >= deadline) throw new StorageUnreachableError(bucketProblem(settings, error, waitMs));
      await Bun.sleep(Math.min(ASK_EVERY_MS, Math.max(0, deadline - Date.now())));
    }
  }
}
