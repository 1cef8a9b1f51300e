// What a test portal's file store holds, wherever it keeps it: local disk under DATA_DIR/files,
// or a bucket (TEST_STORAGE=s3). Tests that check "nothing was kept" ask the store, not a folder.
import type { TestServer } from "./server.ts";

/** Every key in the store. */
export const storedKeys = (srv: TestServer): Promise<string[]> => srv.server.ctx.files.storedKeys();

/** Whether a file is stored under `key`. */
export const isStored = async (srv: TestServer, key: string): Promise<boolean> => (await srv.server.ctx.files.read(key)) !== null;

/** The bytes stored under `key` (throws if there are none). */
export async function storedBytes(srv: TestServer, key: string): Promise<Uint8Array> {
  const file = await srv.server.ctx.files.read(key);
  if (!file) throw new Error(`nothing is stored under ${key}`);
  return new Uint8Array(await file.arrayBuffer());
}

/** The S3_* settings the test portal runs with (none on local disk), for a CLI run beside it. */
export function storageEnv(srv: TestServer): Record<string, string> {
  const s3 = srv.server.ctx.config.s3;
  if (!s3) return {};
  return {
    S3_BUCKET: s3.bucket,
    ...(s3.endpoint ? { S3_ENDPOINT: s3.endpoint } : {}),
    ...(s3.region ? { S3_REGION: s3.region } : {}),
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  };
}
