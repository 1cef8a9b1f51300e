// `portal restore FILE`: unpacks a backup archive into an empty data directory that no portal
// is using. Everything is unpacked into a staging folder and checked against the manifest
// (every entry present, the right size and SHA-256, nothing extra) before one file is moved
// into place, so a cut-short, damaged or foreign archive leaves the directory as it was.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { Database } from "bun:sqlite";
import { readMigrationsFromDisk } from "../../../db/client.ts";
import { appliedMigrationCount } from "../../../db/pre-migration-backup.ts";
import { embeddedFiles } from "../../lib/embedded.ts";
import { AppError } from "../../lib/errors.ts";
import { LOCK_FILE, lockDataDir } from "../../lib/data-lock.ts";
import { describeEntry, listFiles, MANIFEST_NAME, manifestProblem, type BackupManifest } from "./manifest.ts";

export interface RestoreResult {
  dataDir: string;
  manifest: BackupManifest;
}

const refuse = (archive: string, why: string) => new AppError("bad_request", `Cannot restore ${archive}: ${why}. Nothing was changed.`);

export async function restoreBackup(options: { archive: string; dataDir: string }): Promise<RestoreResult> {
  const archive = resolve(options.archive);
  const dataDir = resolve(options.dataDir);
  if (!existsSync(archive) || !statSync(archive).isFile()) throw new AppError("not_found", `No backup file at ${archive}`);
  if (existsSync(dataDir) && !statSync(dataDir).isDirectory()) throw new AppError("conflict", `${dataDir} is not a directory`);
  mkdirSync(dataDir, { recursive: true });

  // Throws DataDirLockedError while a portal serves this directory; holds it off meanwhile.
  const unlock = lockDataDir(dataDir);
  const staging = join(dataDir, `.restore-${process.pid}`);
  try {
    const present = readdirSync(dataDir).filter((name) => name !== LOCK_FILE);
    if (present.length > 0) {
      throw new AppError("conflict", `The data directory ${dataDir} is not empty (${present.slice(0, 3).join(", ")}${present.length > 3 ? " …" : ""}). Restore into a new, empty directory.`);
    }
    mkdirSync(staging);
    const manifest = await unpackAndVerify(archive, staging);
    // Only what the manifest lists (checked above) moves into place.
    for (const name of new Set(manifest.entries.map((e) => e.path.split("/")[0]!))) renameSync(join(staging, name), join(dataDir, name));
    return { dataDir, manifest };
  } finally {
    rmSync(staging, { recursive: true, force: true });
    unlock();
  }
}

async function unpackAndVerify(archive: string, staging: string): Promise<BackupManifest> {
  let unexpected: string | null = null;
  const tar = await import("tar");
  try {
    await tar.extract({
      file: archive,
      cwd: staging,
      strict: true, // a warning (bad header, unsafe path) is an error, never a silent skip
      filter: (path, entry) => {
        const type = "type" in entry ? entry.type : "File";
        if (type === "File" || type === "Directory") return true;
        unexpected ??= `${path} (${type})`;
        return false;
      },
    });
  } catch (error) {
    throw refuse(archive, `it is not a complete backup archive (${(error as Error).message})`);
  }
  if (unexpected) throw refuse(archive, `it holds an entry a backup never has: ${unexpected}`);

  let manifest: unknown;
  try {
    manifest = JSON.parse(readFileSync(join(staging, MANIFEST_NAME), "utf8"));
  } catch {
    throw refuse(archive, "it has no portal backup manifest");
  }
  const problem = manifestProblem(manifest);
  if (problem) throw refuse(archive, problem);
  const { entries } = manifest as BackupManifest;

  const listed = new Set(entries.map((e) => e.path));
  const found = listFiles(staging).filter((p) => p !== MANIFEST_NAME);
  const extra = found.find((p) => !listed.has(p));
  if (extra) throw refuse(archive, `${extra} is not in its manifest (was it mixed with another archive?)`);
  for (const entry of entries) {
    if (!existsSync(join(staging, entry.path))) throw refuse(archive, `${entry.path} is missing (the archive is incomplete)`);
    const actual = await describeEntry(staging, entry.path);
    if (actual.size !== entry.size || actual.sha256 !== entry.sha256) {
      throw refuse(archive, `${entry.path} does not match its checksum (the archive is damaged)`);
    }
  }
  if (!listed.has("portal.sqlite")) throw refuse(archive, "it holds no database");
  // A database from a newer portal would be run by code that does not know its schema.
  const sqlite = new Database(join(staging, "portal.sqlite"), { readonly: true });
  try {
    const applied = appliedMigrationCount(sqlite);
    const known = (embeddedFiles()?.migrations ?? readMigrationsFromDisk()).length;
    if (applied > known) throw refuse(archive, `it was made by a newer portal (${(manifest as BackupManifest).portalVersion}, ${applied} migrations; this one knows ${known}): restore it with that version`);
  } finally {
    sqlite.close();
  }
  return manifest as BackupManifest;
}
