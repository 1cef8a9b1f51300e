// Where uploaded and shared files live. Local disk under DATA_DIR/files for now; the interface
// is what an S3-compatible store would implement too. Keys are made by the server, never taken
// from a file name.
import { mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { randomToken } from "./tokens.ts";

export interface FileStore {
  /** A folder for uploads in progress. */
  tempDir: string;
  /**
   * Removes uploads cut off by a stop or crash (never attached to a document). Only the serving
   * portal, holding the data directory's lock, may: for anyone else they are uploads in progress.
   */
  discardUnfinishedUploads(): void;
  /** Every key in the store (what doctor and the start-up sweep compare with the database). */
  storedKeys(): string[];
  /** Moves a finished temporary file into the store under `key`. */
  adopt(tempPath: string, key: string): void;
  /** Writes to a temporary name, then renames: a crash never leaves a half-written file under `key`. */
  write(key: string, data: Blob | Uint8Array | string): Promise<void>;
  /** The stored file, or null if there is none. */
  read(key: string): Promise<Blob | null>;
  remove(key: string): void;
}

const KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

export function newStorageKey(): string {
  return randomToken(24);
}

export function localFileStore(dataDir: string): FileStore {
  const dir = join(dataDir, "files");
  const tmp = join(dir, ".tmp");
  mkdirSync(tmp, { recursive: true });
  const pathOf = (key: string) => {
    // Keys are ours, but a key that is not in our alphabet must never reach the file system.
    if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${key}`);
    return join(dir, key);
  };
  return {
    tempDir: tmp,
    discardUnfinishedUploads() {
      rmSync(tmp, { recursive: true, force: true });
      mkdirSync(tmp, { recursive: true });
    },
    storedKeys() {
      return readdirSync(dir).filter((name) => KEY_PATTERN.test(name));
    },
    adopt(tempPath, key) {
      renameSync(tempPath, pathOf(key));
    },
    async write(key, data) {
      const temp = join(tmp, `${key}.${process.pid}.${Date.now()}`);
      await Bun.write(temp, data);
      renameSync(temp, pathOf(key));
    },
    async read(key) {
      const file = Bun.file(pathOf(key));
      return (await file.exists()) ? file : null;
    },
    remove(key) {
      rmSync(pathOf(key), { force: true });
    },
  };
}
