// What every file store is (local disk in storage.ts, an S3 bucket in storage-s3.ts) and the
// alphabet of its keys: the contract both implement, apart from either so neither imports the other.
export interface FileStore {
  /** A folder for uploads in progress (always on local disk, under DATA_DIR). */
  tempDir: string;
  /**
   * Other portal instances may write to this store at the same time (a bucket they share): a
   * fresh key nothing refers to yet may belong to an upload still in flight elsewhere.
   */
  shared: boolean;
  /**
   * Removes uploads cut off by a stop or crash (never attached to a document). Only the serving
   * portal, holding the data directory's lock, may: for anyone else they are uploads in progress.
   */
  discardUnfinishedUploads(): void;
  /**
   * Every key in the store (what doctor and the start-up sweep compare with the database);
   * with `modifiedBefore`, only those last written before then.
   */
  storedKeys(options?: { modifiedBefore?: Date }): Promise<string[]>;
  /**
   * Moves a finished temporary file into the store under `key` (the temporary file is gone
   * afterwards). On failure nothing is left under `key`.
   */
  adopt(tempPath: string, key: string): Promise<void>;
  /** Stores `data` under `key` whole: a crash never leaves a half-written file under `key`. */
  write(key: string, data: Blob | Uint8Array | string): Promise<void>;
  /** The stored file, or null if there is none. Give it to a Response with `responseBody`. */
  read(key: string): Promise<Blob | null>;
  /** Removes the file under `key`; nothing there is no error. */
  remove(key: string): Promise<void>;
  /** Where the file under `key` lives on this machine's disk; absent for object storage. */
  localPath?(key: string): string;
}

export const KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/** Keys are ours, but a key that is not in our alphabet must never reach a path or a bucket. */
export function checkedKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${key}`);
  return key;
}
