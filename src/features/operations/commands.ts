// The backup and restore commands as the CLI runs them: arguments in, printed lines out.
import { existsSync, mkdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { closeDatabase, openDatabase } from "../../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { backupFileName, createBackup, pruneBackups } from "./backup.ts";
import { restoreBackup } from "./restore.ts";

export interface BackupCommandOptions {
  dataDir: string;
  /** An archive (`*.tar.gz`/`*.tgz`) or, as before 0.2, a database-only copy (any other name). */
  file?: string;
  /** A folder that gets a time-stamped archive. */
  to?: string;
  keep?: number;
}

const usage = (message: string) => new AppError("bad_request", message);

export function parseKeep(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw usage(`--keep must be a whole number above 0 (got "${raw}")`);
  return Number(raw);
}

export const isArchiveName = (file: string) => /\.(tar\.gz|tgz)$/i.test(file);

export async function runBackupCommand(options: BackupCommandOptions): Promise<string[]> {
  const { file, to, keep, dataDir } = options;
  if (file && to) throw usage("Give either a file name or --to DIR, not both");
  if (!file && !to) throw usage("backup needs a place: portal backup --to DIR, or portal backup <file.tar.gz>");
  if (keep !== undefined && !to) throw usage("--keep works with --to DIR (it prunes that folder's archives)");

  if (file && !isArchiveName(file)) return [copyDatabaseOnly(dataDir, resolve(file))];

  let out: string;
  if (to) {
    const dir = resolve(to);
    if (existsSync(dir) && !statSync(dir).isDirectory()) throw usage(`--to must be a folder: ${dir} is a file`);
    mkdirSync(dir, { recursive: true });
    out = join(dir, backupFileName(new Date()));
  } else out = resolve(file!);

  const result = await createBackup({ dataDir, out });
  const files = result.manifest.entries.filter((e) => e.path.startsWith("files/")).length;
  const lines = [`Backup written to ${result.path} (${result.bytes} bytes: the database, ${files} stored files, the session secret)`];
  if (to && keep !== undefined) {
    for (const name of pruneBackups(resolve(to), keep)) lines.push(`Removed old backup ${name}`);
  }
  return lines;
}

/** The 0.1 form, kept for scripts that use it: the database alone (VACUUM INTO). */
function copyDatabaseOnly(dataDir: string, out: string): string {
  if (!existsSync(join(dataDir, "portal.sqlite"))) throw new AppError("not_found", `No database found in ${dataDir}`);
  if (existsSync(out)) throw new AppError("conflict", `Backup file already exists: ${out}. Choose a new name.`);
  const db = openDatabase(dataDir);
  try {
    // VACUUM INTO reads one consistent snapshot, even while the server is writing.
    db.$client.prepare("VACUUM INTO ?").run(out);
  } finally {
    closeDatabase(db);
  }
  return `Backup written to ${out} (${statSync(out).size} bytes; the database only — name the file .tar.gz for a full backup with the stored files)`;
}

export async function runRestoreCommand(options: { archive: string; dataDir: string }): Promise<string[]> {
  const { dataDir, manifest } = await restoreBackup(options);
  const files = manifest.entries.filter((e) => e.path.startsWith("files/")).length;
  return [
    `Restored the backup of ${manifest.createdAt} (portal ${manifest.portalVersion}) into ${dataDir}: the database and ${files} stored files, all checksums verified.`,
    `Start it with: portal serve --data ${dataDir}`,
  ];
}
