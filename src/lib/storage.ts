// Where uploaded and shared files live: local disk under DATA_DIR/files (the default), or an
// S3-compatible bucket when S3_BUCKET is set (storage-s3.ts). Keys are made by the server, never
// taken from a file name. Uploads in progress are temporary files on local disk in both cases.
import { closeSync, fsync, mkdirSync, openSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { promisify } from "node:util";
import { join } from "node:path";
import type { Config } from "../config.ts";
import type { Logger } from "./log.ts";
import { checkedKey, KEY_PATTERN, type FileStore } from "./file-store.ts";
import { s3FileStore } from "./storage-s3.ts";
import { randomToken } from "./tokens.ts";
import { instanceState } from "./instance-state.ts";
import { isFileWriteRefused, storageFull } from "./errors.ts";

export function newStorageKey(): string {
  return randomToken(24);
}

/** The store the settings choose: the S3 bucket when S3_BUCKET is set, else local disk. */
export function openFileStore(config: Pick<Config, "dataDir" | "s3">, log?: Logger): FileStore {
  return config.s3 ? s3FileStore(config.s3, { tempDir: join(config.dataDir, "uploads-in-progress"), log }) : localFileStore(config.dataDir);
}

/**
 * What a Response sends for a stored file. A local file goes as it is (Bun serves it with its
 * length and byte ranges). An object-storage file goes as a stream through the portal: given
 * as a body, Bun would answer with a redirect to the bucket, which drops the portal's headers
 * (content disposition, CSP sandbox) and which the browser may not be able to reach.
 */
export function responseBody(file: Blob): Blob | ReadableStream<Uint8Array> {
  return isObjectStorageFile(file) ? file.stream() : file;
}

function isObjectStorageFile(file: Blob): boolean {
  return typeof (file as Partial<Bun.S3File>).presign === "function";
}

export function localFileStore(dataDir: string): FileStore {
  const dir = join(dataDir, "files");
  const tmp = join(dir, ".tmp");
  mkdirSync(tmp, { recursive: true });
  const pathOf = (key: string) => join(dir, checkedKey(key));
  /**
   * Into place, then its bytes and the folder's entry flushed to the disk together; if a flush
   * fails nothing is left under the new name. Both flushes at once: each is a wait for the
   * server's busy thread to take the thread pool's answer (~3 ms of an upload under 20 writers).
   */
  const placeDurably = async (from: string, key: string) => {
    const to = pathOf(key);
    renameSync(from, to);
    try {
      await Promise.all([flush(to), syncFolder(dir)]);
    } catch (error) {
      rmSync(to, { force: true });
      throw error;
    }
  };
  // An upload the store cannot take (full, read-only, not ours to write) is a 507 with a plain
  // message, not a 500: the caller has nothing to commit, and the client may try again later.
  // (write keeps the disk's own error: /readyz and migrate-to report its code.)
  const refusedAs507 = (error: unknown): never => {
    throw isFileWriteRefused(error) ? storageFull(error) : error;
  };
  return {
    tempDir: tmp,
    shared: false,
    localPath: pathOf,
    discardUnfinishedUploads() {
      rmSync(tmp, { recursive: true, force: true });
      mkdirSync(tmp, { recursive: true });
    },
    async storedKeys({ modifiedBefore } = {}) {
      const keys = readdirSync(dir).filter((name) => KEY_PATTERN.test(name));
      if (!modifiedBefore) return keys;
      return keys.filter((key) => (statSync(join(dir, key), { throwIfNoEntry: false })?.mtimeMs ?? Infinity) < modifiedBefore.getTime());
    },
    // Durable before it is referenced: the file is renamed into place, and its bytes and the
    // folder's entry are flushed to the disk (fsync), all before the caller commits the database
    // row that points at it. An upload answered 200 survives a crash of the machine; without
    // this, a crash within the kernel's writeback delay (about 30 s) could leave the row pointing
    // at a missing or empty file. A crash before the flushes end leaves a file no row refers to,
    // which the start-up sweep removes (features/operations/orphans.ts). Only the flushes
    // themselves leave the event loop.
    async adopt(tempPath, key) {
      await placeDurably(tempPath, key).catch(refusedAs507);
    },
    // Flushed before it is renamed too, unlike an upload: write may replace a file under a key
    // (migrate-to's second run), which must never be found half written after a crash.
    async write(key, data) {
      const temp = join(tmp, `${checkedKey(key)}.${process.pid}.${Date.now()}`);
      try {
        await Bun.write(temp, data);
        await flush(temp);
      } catch (error) {
        rmSync(temp, { force: true });
        throw error;
      }
      await placeDurably(temp, key);
    },
    async read(key) {
      const file = Bun.file(pathOf(key));
      return (await file.exists()) ? file : null;
    },
    async remove(key) {
      rmSync(pathOf(key), { force: true });
    },
  };
}

const fsyncDescriptor = promisify(fsync);

/**
 * Flushes a file's (or a folder's) bytes to the disk: fsync through any descriptor of it
 * flushes them all. Only the flush itself goes to the thread pool; opening and closing are
 * microseconds and stay on the event loop, because each asynchronous step costs a turn of the
 * loop, which on a busy server is every other request's work (as with pdf.js's reads).
 */
async function flush(path: string): Promise<void> {
  const fd = openSync(path, "r");
  try {
    await fsyncDescriptor(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Flushes a folder's entries (a rename into it) to the disk. Concurrent callers share flushes:
 * one that arrives while a flush is under way waits for the next, which starts when the current
 * one ends and serves everyone who asked meanwhile (a rename made after a flush began may miss
 * it, so that flush cannot answer for it). 50 uploads finishing together cost a few flushes,
 * not 50.
 */
const folderSyncs = instanceState(
  "folder flushes under way",
  "per process",
  "flushes of this machine's own folders (the local file store)",
  new Map<string, { running: Promise<void> | null; next: Promise<void> | null }>(),
);
function syncFolder(dir: string): Promise<void> {
  let state = folderSyncs.get(dir);
  if (!state) folderSyncs.set(dir, (state = { running: null, next: null }));
  const start = (): Promise<void> => {
    const running = flush(dir).finally(() => {
      state.running = null;
    });
    state.running = running;
    return running;
  };
  if (!state.running) return start();
  state.next ??= state.running
    .catch(() => {})
    .then(() => {
      state.next = null;
      return start();
    });
  return state.next;
}
