// What a backup archive holds and how it proves it is whole: `manifest.json` lists every other
// entry with its size and SHA-256, so a restore can refuse an archive that was cut short,
// damaged, or mixed with another one before it writes anything into a data directory.
import { createReadStream } from "node:fs";
import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import { stat } from "node:fs/promises";
import { join } from "node:path";

export const MANIFEST_NAME = "manifest.json";
export const BACKUP_FORMAT = "broker-portal-backup";
export const BACKUP_FORMAT_VERSION = 1;

export interface ManifestEntry {
  /** Path inside the archive and, after a restore, inside the data directory. */
  path: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  portalVersion: string;
  createdAt: string;
  entries: ManifestEntry[];
}

/** Streams the file, so a large upload never sits in memory whole. */
export function sha256OfFile(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash("sha256");
    createReadStream(path)
      .on("data", (chunk) => hash.update(chunk))
      .on("error", reject)
      .on("end", () => resolve(hash.digest("hex")));
  });
}

export async function describeEntry(root: string, path: string): Promise<ManifestEntry> {
  const full = join(root, path);
  return { path, size: (await stat(full)).size, sha256: await sha256OfFile(full) };
}

/** The first reason this manifest is not one of ours, or null. */
export function manifestProblem(value: unknown): string | null {
  const m = value as Partial<BackupManifest> | null;
  if (!m || typeof m !== "object" || m.format !== BACKUP_FORMAT) return "it has no portal backup manifest";
  if (m.formatVersion !== BACKUP_FORMAT_VERSION) return `its format version ${String(m.formatVersion)} is not one this portal reads (${BACKUP_FORMAT_VERSION})`;
  if (!Array.isArray(m.entries)) return "its manifest lists no entries";
  for (const e of m.entries) {
    if (typeof e?.path !== "string" || typeof e.size !== "number" || typeof e.sha256 !== "string") return "its manifest has a malformed entry";
  }
  return null;
}

/** Every file under `root`, as archive paths (`files/abc`), sorted. */
export function listFiles(root: string, under = ""): string[] {
  return readdirSync(join(root, under), { withFileTypes: true })
    .flatMap((e) => {
      const path = under ? `${under}/${e.name}` : e.name;
      return e.isDirectory() ? listFiles(root, path) : [path];
    })
    .sort();
}
