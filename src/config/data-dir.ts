// The data directory: proven writable, holding the generated session secret, and backed up on
// a schedule (SQLite's data lives there; with DATABASE_URL the operator's tools back it up).
import { randomBytes } from "node:crypto";
import { accessSync, constants, existsSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { Cron } from "croner";
import { ConfigError, value, type Env } from "./parse.ts";

export interface BackupSchedule {
  cron: string;
  dir: string;
  keep: number;
}

/** Creates the data directory if needed and proves it is writable. */
export function prepareDataDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    const probe = join(dir, `.write-test-${process.pid}`);
    writeFileSync(probe, "");
    unlinkSync(probe);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new ConfigError(`DATA_DIR "${dir}" is not a writable directory (${reason})`);
  }
}

/** SESSION_SECRET, or one generated on first start and kept in the data directory. */
export function sessionSecret(env: Env, dataDir: string): string {
  const given = value(env, "SESSION_SECRET");
  if (given) {
    if (given.length < 32) throw new ConfigError("SESSION_SECRET must be at least 32 characters long");
    return given;
  }
  const file = join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const generated = randomBytes(32).toString("hex");
  writeFileSync(file, generated, { mode: 0o600 });
  return generated;
}

export function scheduledBackups(env: Env, dataDir: string): BackupSchedule | null {
  const cron = value(env, "BACKUP_CRON");
  if (cron && value(env, "DATABASE_URL")) {
    throw new ConfigError("BACKUP_CRON backs up the SQLite data directory; with DATABASE_URL, back up PostgreSQL with pg_dump and the bucket with its own tools");
  }
  const dir = value(env, "BACKUP_DIR");
  const keepRaw = value(env, "BACKUP_KEEP");
  if (!cron) {
    if (dir || keepRaw) throw new ConfigError("BACKUP_DIR and BACKUP_KEEP need BACKUP_CRON (when to back up), e.g. BACKUP_CRON=\"0 2 * * *\"");
    return null;
  }
  try {
    new Cron(cron, { paused: true }).stop(); // parses the pattern, schedules nothing
  } catch (error) {
    throw new ConfigError(`BACKUP_CRON must be a cron pattern such as "0 2 * * *" (got "${cron}": ${(error as Error).message})`);
  }
  if (keepRaw !== undefined && (!/^\d+$/.test(keepRaw) || Number(keepRaw) < 1)) {
    throw new ConfigError(`BACKUP_KEEP must be a whole number above 0 (got "${keepRaw}")`);
  }
  return { cron, dir: resolve(dir ?? join(dataDir, "backups")), keep: Number(keepRaw ?? 14) };
}
