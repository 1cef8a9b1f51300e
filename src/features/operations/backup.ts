// `portal backup`: one archive holding a consistent point of the whole portal — the database
// (VACUUM INTO: one snapshot, safe while the portal writes), every stored file that snapshot
// refers to, the generated session secret and the self-signed certificate that seals signed PDFs —
// with a manifest of checksums. Safe beside a running portal: it takes no lock and only reads.
import { Database } from "bun:sqlite";
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import pkg from "../../../package.json" with { type: "json" };
import { closeDatabase, databaseFileName, openDatabase } from "../../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { SELF_SIGNED_FILE } from "../signatures/certificate-file.ts";
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, describeEntry, listFiles, MANIFEST_NAME, type BackupManifest } from "./manifest.ts";
import { isStoredFileColumn } from "./stored-file-columns.ts";

export const SESSION_SECRET_FILE = "session-secret";
const ARCHIVE_PATTERN = /^portal-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.tar\.gz$/;
/** A stored file deleted between the snapshot and our link of it: take a new snapshot. */
const SNAPSHOT_ATTEMPTS = 5;

export interface BackupResult {
  path: string;
  bytes: number;
  manifest: BackupManifest;
}

/** `portal-backup-2026-11-23T14-20-05-123Z.tar.gz`: sorts by time, safe in any file system. */
export function backupFileName(at: Date): string {
  return `portal-backup-${at.toISOString().replace(/[:.]/g, "-")}.tar.gz`;
}

export function isBackupArchiveName(name: string): boolean {
  return ARCHIVE_PATTERN.test(name);
}

/** Writes a new archive to `out` (which must not exist yet). */
export async function createBackup(options: { dataDir: string; out: string; now?: Date }): Promise<BackupResult> {
  const dataDir = resolve(options.dataDir);
  const out = resolve(options.out);
  if (!existsSync(join(dataDir, databaseFileName))) throw new AppError("not_found", `No database found in ${dataDir}`);
  if (existsSync(out)) throw new AppError("conflict", `Backup file already exists: ${out}. Choose a new name.`);

  // Staged inside the data directory so stored files can be hard-linked (same file system):
  // a link keeps the bytes even if the portal deletes the file a moment later, and stored files
  // are never changed in place (they are written to a temp name and renamed), so a link is a copy.
  const staging = join(dataDir, `.backup-${process.pid}-${Date.now()}`);
  const partial = `${out}.partial`;
  try {
    stageSnapshot(dataDir, staging);
    const paths = listFiles(staging);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      portalVersion: pkg.version,
      createdAt: (options.now ?? new Date()).toISOString(),
      entries: await Promise.all(paths.map((p) => describeEntry(staging, p))),
    };
    writeFileSync(join(staging, MANIFEST_NAME), JSON.stringify(manifest, null, 2));
    // The archive holds every document and the session secret: readable by its owner only.
    writeFileSync(partial, "", { mode: 0o600 });
    // Manifest first: an archive cut short still names everything it should have held.
    const tar = await import("tar"); // on the first backup, not at start
    await tar.create({ gzip: true, portable: true, file: partial, cwd: staging }, [MANIFEST_NAME, ...paths]);
    renameSync(partial, out); // a crash never leaves a half-written file under the final name
    return { path: out, bytes: statSync(out).size, manifest };
  } finally {
    rmSync(staging, { recursive: true, force: true });
    rmSync(partial, { force: true });
  }
}

/** The database snapshot, the files it refers to, the session secret and the sealing certificate, under `staging`. */
function stageSnapshot(dataDir: string, staging: string): void {
  for (let attempt = 1; ; attempt++) {
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(join(staging, "files"), { recursive: true });
    const snapshot = join(staging, databaseFileName);
    const db = openDatabase(dataDir);
    try {
      db.$client.prepare("VACUUM INTO ?").run(snapshot);
    } finally {
      closeDatabase(db);
    }
    const missing = linkStoredFiles(dataDir, staging, storageKeysIn(snapshot));
    if (missing === null) break;
    if (attempt === SNAPSHOT_ATTEMPTS) {
      throw new AppError("conflict", `The database refers to a stored file that is missing: files/${missing}. Run "portal doctor".`);
    }
  }
  // Secrets generated on first start or first use: a restored portal keeps its sessions and seals
  // with the same certificate as before.
  for (const name of [SESSION_SECRET_FILE, SELF_SIGNED_FILE]) {
    const secret = join(dataDir, name);
    if (existsSync(secret)) copyFileSync(secret, join(staging, name));
  }
}

/**
 * Every storage key the snapshot refers to, from any table's stored-file columns
 * (stored-file-columns.ts): the backup reads a copy of the whole database, not one feature's
 * tables, so it follows the naming convention instead of knowing each feature.
 */
export function storageKeysIn(snapshotPath: string): Set<string> {
  const db = new Database(snapshotPath, { readonly: true });
  try {
    return storageKeysOf(db);
  } finally {
    db.close();
  }
}

/** The same, of an open database (the running portal's, at start). */
export function storageKeysOf(db: Database): Set<string> {
  const keys = new Set<string>();
  const tables = db.query("select name from sqlite_master where type = 'table'").all() as { name: string }[];
  for (const { name } of tables) {
    const columns = db.query(`select name from pragma_table_info(?)`).all(name) as { name: string }[];
    for (const column of columns.filter((c) => isStoredFileColumn(c.name))) {
      const rows = db.query(`select distinct "${column.name}" as key from "${name}" where "${column.name}" is not null`).all() as { key: string }[];
      for (const row of rows) keys.add(row.key);
    }
  }
  return keys;
}

/** Links each file into the staging folder; returns the first key whose file is gone, or null. */
function linkStoredFiles(dataDir: string, staging: string, keys: Set<string>): string | null {
  for (const key of keys) {
    const from = join(dataDir, "files", key);
    const to = join(staging, "files", key);
    try {
      linkSync(from, to);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT") return key;
      if (code === "EPERM" || code === "EXDEV" || code === "ENOTSUP") copyFileSync(from, to); // no hard links here
      else throw error;
    }
  }
  return null;
}

/** Deletes all but the newest `keep` archives this command named in `dir`; returns what it deleted. */
export function pruneBackups(dir: string, keep: number): string[] {
  const archives = readdirSync(dir).filter(isBackupArchiveName).sort();
  const doomed = archives.slice(0, Math.max(0, archives.length - keep));
  for (const name of doomed) rmSync(join(dir, name), { force: true });
  return doomed;
}
