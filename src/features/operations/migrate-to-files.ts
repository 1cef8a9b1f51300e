// The stored-files half of `portal migrate-to`: every file the database refers to, copied from
// this data directory's store into another store and read back from there to check its size and
// SHA-256. The target is anything with FileStore's `write` and `read` (src/lib/storage.ts): a
// local directory's store today, the S3 store as soon as it exists.
import { createHash } from "node:crypto";
import { getTableColumns, isNotNull } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../../../db/client.ts";
import type { FileStore } from "../../lib/file-store.ts";
import type { TablePair } from "./migrate-to-database.ts";
import { isStoredFileColumn } from "./stored-file-columns.ts";

/** Where the files go: what FileStore has for writing one file and reading it back. */
export type FileTarget = Pick<FileStore, "write" | "read">;
/** Where they come from. */
export type FileSource = Pick<FileStore, "read">;

export interface StoredFile {
  key: string;
  /** The sizes the database recorded for it (`file_size` beside `storage_key`), if any. */
  recordedSizes: number[];
}

export interface FileProblem {
  key: string;
  problem: string;
}

export interface FileCopyResult {
  total: number;
  copied: number;
  /** Already in the target with the same size and SHA-256 (an earlier run got that far). */
  alreadyThere: number;
  /** In the target with other bytes (a run cut short mid-file, or someone else's): written again. */
  replaced: number;
  /** Read back from the target with another size or SHA-256 than the source's. */
  mismatched: FileProblem[];
}

/**
 * Every stored key the database refers to: any table's stored-file columns (stored-file-columns.ts,
 * the convention `portal backup` follows too), with the `file_size` recorded beside a
 * `storage_key` when the table has one.
 */
export async function storedFilesOf(db: Db, pairs: TablePair[]): Promise<StoredFile[]> {
  const files = new Map<string, Set<number>>();
  for (const pair of pairs) {
    const columns = Object.values(getTableColumns(pair.lite)) as SQLiteColumn[];
    for (const key of columns.filter((c) => isStoredFileColumn(c.name))) {
      const size = key.name === "storage_key" ? columns.find((c) => c.name === "file_size") : undefined;
      const rows = await db
        .select({ key, ...(size ? { size } : {}) })
        .from(pair.lite as SQLiteTable)
        .where(isNotNull(key));
      for (const row of rows as { key: string; size?: number | null }[]) {
        const sizes = files.get(row.key) ?? new Set<number>();
        if (typeof row.size === "number") sizes.add(row.size);
        files.set(row.key, sizes);
      }
    }
  }
  return [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, sizes]) => ({ key, recordedSizes: [...sizes] }));
}

/** Source files that are missing, or whose size is not what the database recorded (changed on disk). */
export async function checkSourceFiles(source: FileSource, files: StoredFile[]): Promise<FileProblem[]> {
  const problems: FileProblem[] = [];
  for (const file of files) {
    const blob = await source.read(file.key);
    if (!blob) problems.push({ key: file.key, problem: "missing from the source" });
    else if (file.recordedSizes.length && !file.recordedSizes.includes(blob.size)) {
      problems.push({ key: file.key, problem: `is ${blob.size} bytes, the database recorded ${file.recordedSizes.join(" or ")}` });
    }
  }
  return problems;
}

/** Size and SHA-256 counted from the bytes themselves (an object store's Blob may not know its size). */
export async function digestOf(blob: Blob): Promise<{ size: number; sha256: string }> {
  const hash = createHash("sha256");
  let size = 0;
  const reader = blob.stream().getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    hash.update(next.value);
    size += next.value.byteLength;
  }
  return { size, sha256: hash.digest("hex") };
}

/**
 * Copies each file the target does not already hold byte for byte, then reads it back from the
 * target and compares size and SHA-256 with the source's. Files missing from the source are
 * skipped (checkSourceFiles reports them). `progress` gets "Files N/M" lines as it goes.
 */
export async function copyFiles(source: FileSource, target: FileTarget, files: StoredFile[], progress: (line: string) => void): Promise<FileCopyResult> {
  const result: FileCopyResult = { total: files.length, copied: 0, alreadyThere: 0, replaced: 0, mismatched: [] };
  const every = Math.max(1, Math.min(100, Math.ceil(files.length / 20)));
  for (const [index, file] of files.entries()) {
    const blob = await source.read(file.key);
    if (blob) {
      const expected = await digestOf(blob);
      const existing = await target.read(file.key);
      const there = existing && (await digestOf(existing));
      if (there && there.size === expected.size && there.sha256 === expected.sha256) result.alreadyThere++;
      else {
        if (existing) result.replaced++;
        await target.write(file.key, blob);
        result.copied++;
        const stored = await target.read(file.key);
        const back = stored && (await digestOf(stored));
        if (!back) result.mismatched.push({ key: file.key, problem: "not found in the target after writing it" });
        else if (back.size !== expected.size) result.mismatched.push({ key: file.key, problem: `is ${back.size} bytes in the target, ${expected.size} in the source` });
        else if (back.sha256 !== expected.sha256) result.mismatched.push({ key: file.key, problem: "has another SHA-256 in the target than in the source" });
      }
    }
    if ((index + 1) % every === 0 || index + 1 === files.length) progress(`Files ${index + 1}/${files.length}`);
  }
  return result;
}
