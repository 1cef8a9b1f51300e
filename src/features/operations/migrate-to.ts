// `portal migrate-to`: moves a single-machine installation (the SQLite database and the stored
// files of one data directory) onto PostgreSQL and, optionally, another file store (a directory,
// or an S3 bucket), for running several portal instances. Checked by row counts and checksums
// per table and by size and SHA-256 per file, both read back from the target.
//
// Order, so that a run cut short can simply be run again:
//   1. checks that change nothing (the source's schema, its files, an empty target database);
//   2. files, each skipped when the target already has it byte for byte (a rerun resumes);
//   3. every table in one PostgreSQL transaction (a failure leaves the target database empty);
//   4. verification. Once the rows are committed a rerun refuses: the operator empties the target.
// The data directory is locked for the whole run, as `portal serve` locks it: no portal writes
// to the source meanwhile, and the copy is of one consistent point.
import { copyFileSync, existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { closeDatabase, databaseFileName, openDatabase, readMigrationsFromDisk, type Db } from "../../../db/client.ts";
import { appliedMigrationCount } from "../../../db/pre-migration-backup.ts";
import { closePostgres, migratePostgres, openPostgres, type PgDb } from "../../../db/postgres.ts";
import { lockDataDir } from "../../lib/data-lock.ts";
import { SESSION_SECRET_FILE } from "./backup.ts";
import { embeddedFiles } from "../../lib/embedded.ts";
import { AppError } from "../../lib/errors.ts";
import { copyTables, formatChecks, nonEmptyTables, pairTables, verifyTables } from "./migrate-to-database.ts";
import { checkSourceFiles, copyFiles, storedFilesOf, type FileTarget } from "./migrate-to-files.ts";
import { localFileStore } from "../../lib/storage.ts";
import { s3FileStore } from "../../lib/storage-s3.ts";

export interface S3TargetSettings {
  bucket: string;
  endpoint: string | null;
  region: string | null;
  accessKeyId: string;
  secretAccessKey: string;
  virtualHostedStyle?: boolean;
}

/** Where the stored files end up. */
export type FilesDestination =
  /** They stay in DATA_DIR/files: checked, not copied (one machine, or a volume the instances share). */
  | { kind: "stay" }
  /** Copied into DIR/files: DIR is the new instances' DATA_DIR (e.g. a shared volume). */
  | { kind: "directory"; dir: string }
  | { kind: "s3"; settings: S3TargetSettings }
  /** Any other store (tests). */
  | { kind: "store"; target: FileTarget; description: string };

export interface MigrateToOptions {
  dataDir: string;
  databaseUrl: string;
  files: FilesDestination;
  /** Copy even when stored files are missing or changed in the source (they are listed either way). */
  ignoreFileProblems?: boolean;
  /** Progress, a line at a time, while it runs. */
  progress: (line: string) => void;
}

export interface MigrateToResult {
  ok: boolean;
  /** The closing report: the table of checks and what to do next. */
  lines: string[];
}

const LIST_AT_MOST = 20;

export function checkDatabaseUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new AppError("bad_request", "--database-url must be a PostgreSQL URL such as postgres://user:password@host:5432/portal");
  }
  if (parsed.protocol !== "postgres:" && parsed.protocol !== "postgresql:") {
    throw new AppError("bad_request", `--database-url must start with postgres:// (got ${parsed.protocol}//…)`);
  }
  return url;
}

/** The store the files go into, and how to name it in the report. */
function fileTarget(files: FilesDestination, dataDir: string): { target: FileTarget; description: string } | null {
  switch (files.kind) {
    case "stay":
      return null;
    case "directory": {
      const dir = resolve(files.dir);
      if (dir === dataDir) throw new AppError("bad_request", `--files-to is the data directory itself (${dir}); leave it out to keep the files where they are`);
      return { target: localFileStore(dir), description: `${join(dir, "files")}` };
    }
    case "s3":
      // The portal's own S3 store: files go up in parts through a temp copy, never whole in memory.
      return { target: s3FileStore({ ...files.settings, virtualHostedStyle: files.settings.virtualHostedStyle ?? false }, { tempDir: join(dataDir, "files", ".tmp") }), description: `the S3 bucket "${files.settings.bucket}"${files.settings.endpoint ? ` at ${files.settings.endpoint}` : ""}` };
    case "store":
      return { target: files.target, description: files.description };
  }
}


/** Refuses a source whose schema is not the one this portal's tables describe. */
function checkSourceSchema(db: Db, dataDir: string): void {
  const expected = (embeddedFiles()?.migrations ?? readMigrationsFromDisk()).length;
  const applied = appliedMigrationCount(db.$client);
  if (applied < expected) {
    throw new AppError("conflict", `The database in ${dataDir} is older than this portal (${applied} of ${expected} migrations). Run "portal migrate --data ${dataDir}" first, then migrate-to.`);
  }
  if (applied > expected) {
    throw new AppError("conflict", `The database in ${dataDir} was made by a newer portal (${applied} migrations, this one knows ${expected}). Use that portal's migrate-to.`);
  }
}

const listed = (items: { key: string; problem: string }[]) => [
  ...items.slice(0, LIST_AT_MOST).map((p) => `  files/${p.key} ${p.problem}`),
  ...(items.length > LIST_AT_MOST ? [`  … and ${items.length - LIST_AT_MOST} more`] : []),
];

export async function migrateTo(options: MigrateToOptions): Promise<MigrateToResult> {
  const dataDir = resolve(options.dataDir);
  const { progress } = options;
  if (!existsSync(join(dataDir, databaseFileName))) throw new AppError("not_found", `No database found in ${dataDir}`);
  const databaseUrl = checkDatabaseUrl(options.databaseUrl);
  const destination = fileTarget(options.files, dataDir);
  const pairs = pairTables();

  const unlock = lockDataDir(dataDir);
  let source: Db | null = null;
  let target: PgDb | null = null;
  try {
    source = openDatabase(dataDir);
    checkSourceSchema(source, dataDir);
    // One read transaction on the connection every read below goes through: one snapshot.
    source.$client.exec("BEGIN");

    target = openPostgres(databaseUrl, { maxConnections: 2 });
    progress(`Preparing the PostgreSQL database (migrations)…`);
    await migratePostgres(target).catch((error: Error) => {
      // The URL's password stays out of the message.
      const { hostname, port, pathname } = new URL(databaseUrl);
      throw new AppError("unavailable", `Cannot prepare the PostgreSQL database ${pathname.slice(1)} at ${hostname}:${port || 5432}: ${error.message}`);
    });
    const holding = await nonEmptyTables(target, pairs);
    if (holding.length) {
      throw new AppError(
        "conflict",
        `The target database already holds data (${holding.slice(0, 5).join(", ")}${holding.length > 5 ? ", …" : ""}), so nothing was copied. ` +
          `migrate-to copies into an empty database only: drop and re-create it (dropdb/createdb, or DROP DATABASE … ; CREATE DATABASE …), then run migrate-to again. ` +
          `Files already in the target store are checked and kept, not copied again.`,
      );
    }

    const files = await storedFilesOf(source, pairs);
    const sourceStore = localFileStore(dataDir);
    progress(`Checking the ${files.length} stored files the database refers to…`);
    const problems = await checkSourceFiles(sourceStore, files);
    if (problems.length && !options.ignoreFileProblems) {
      throw new AppError(
        "conflict",
        [
          `${problems.length} of the ${files.length} stored files the database refers to cannot be copied as they are, so nothing was copied:`,
          ...listed(problems),
          `"portal doctor" says more. To copy anyway (those documents keep their rows; a missing file stays missing), add --ignore-file-problems.`,
        ].join("\n"),
      );
    }
    for (const line of problems.length ? ["Copying despite these file problems (--ignore-file-problems):", ...listed(problems)] : []) progress(line);

    const fileLines: string[] = [];
    if (destination) {
      progress(`Copying ${files.length} files to ${destination.description}…`);
      const copied = await copyFiles(sourceStore, destination.target, files, progress);
      if (copied.mismatched.length) {
        throw new AppError(
          "conflict",
          [
            `${copied.mismatched.length} files did not read back from ${destination.description} as they were written, so no rows were copied:`,
            ...listed(copied.mismatched),
            `Run migrate-to again: files already there byte for byte are kept, the others are written again.`,
          ].join("\n"),
        );
      }
      fileLines.push(
        `Files: ${copied.copied + copied.alreadyThere} of ${files.length} in ${destination.description}, size and SHA-256 read back OK ` +
          `(${copied.copied} copied, ${copied.alreadyThere} already there${copied.replaced ? `, ${copied.replaced} that differed written again` : ""}).`,
      );
    } else {
      fileLines.push(`Files: ${files.length - problems.length} of ${files.length} stay in ${join(dataDir, "files")} (not copied: give --files-to DIR or --s3-bucket to move them).`);
    }
    if (problems.length) {
      fileLines.push(`${problems.length} stored files were missing or changed in the source (listed above).`);
    }

    progress(`Copying ${pairs.length} tables in one transaction…`);
    await copyTables(source, target, pairs, progress);

    progress(`Verifying: reading every table back from both databases…`);
    const checks = await verifyTables(source, target, pairs);
    const tablesOk = checks.every((c) => c.ok);
    const lines = [
      ...formatChecks(checks),
      ...fileLines,
      tablesOk
        ? `All ${checks.length} tables match: ${checks.reduce((n, c) => n + c.targetRows, 0)} rows copied.`
        : `${checks.filter((c) => !c.ok).length} tables do not match (MISMATCH above). Do not switch to PostgreSQL; empty the target database before running migrate-to again.`,
    ];
    if (tablesOk) {
      const secret = join(dataDir, SESSION_SECRET_FILE);
      let secretLine = `with SESSION_SECRET set to the contents of ${secret} (or to your current SESSION_SECRET)`;
      if (options.files.kind === "directory") {
        // The new DATA_DIR gets the secret too: instances started on it sign and unseal as before.
        const copy = join(resolve(options.files.dir), SESSION_SECRET_FILE);
        if (existsSync(secret) && !existsSync(copy)) copyFileSync(secret, copy);
        if (existsSync(copy)) secretLine = `DATA_DIR=${resolve(options.files.dir)} (its ${SESSION_SECRET_FILE} is this installation's, unless SESSION_SECRET is set)`;
      }
      // Without S3 the files are on one machine's disk, and a data directory serves one portal.
      const who = options.files.kind === "s3" || options.files.kind === "store" ? "the portal instances" : "the portal (one instance: its files are on local disk)";
      lines.push(
        `Next: start ${who} with DATABASE_URL set to this database${options.files.kind === "s3" ? ", the same S3_* settings" : ""} and ${secretLine}: ` +
          `sign-in sessions, authenticator secrets and file links depend on it. See README, "Running on several machines".`,
      );
    }
    return { ok: tablesOk, lines };
  } finally {
    if (source?.$client.inTransaction) source.$client.exec("ROLLBACK");
    if (source) closeDatabase(source);
    if (target) await closePostgres(target);
    unlock();
  }
}
