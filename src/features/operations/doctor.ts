// `portal doctor`: looks over a portal's data directory and settings the way an administrator
// would before calling for help, and says what to do about each problem it finds. It only reads
// (it never migrates or repairs), so it is safe beside the running portal.
import { accessSync, constants, existsSync, readdirSync, statfsSync } from "node:fs";
import { dirname, join } from "node:path";
import { Database } from "bun:sqlite";
import { databaseFileName, readMigrationsFromDisk } from "../../../db/client.ts";
import { appliedMigrationCount } from "../../../db/pre-migration-backup.ts";
import { loadConfig, type Config, type ConfigOverrides } from "../../config.ts";
import { buildContext } from "../../context.ts";
import { embeddedFiles } from "../../lib/embedded.ts";
import type { FileStore } from "../../lib/file-store.ts";
import { countJobsByStatus, countOverdueJobs } from "../../lib/jobs.ts";
import { createLogger } from "../../lib/log.ts";
import { countEmailsByStatus } from "../mail/service.ts";
import { closeSmtpTransport, smtpTransport } from "../mail/transport.ts";
import { storageKeysIn } from "./backup.ts";
import { drizzle } from "drizzle-orm/bun-sqlite";
import * as schema from "../../../db/schema.ts";
import type { Db } from "../../../db/client.ts";
import { registerPostgres, registerSqliteWriter } from "../../../db/transaction.ts";
import { appliedPgMigrationCount, closePostgres, openPostgres, readPgMigrationsFromDisk } from "../../../db/postgres.ts";
import { referencedFileKeys } from "./orphans.ts";

export type Verdict = "ok" | "warn" | "fail";

export interface Finding {
  verdict: Verdict;
  check: string;
  detail: string;
  /** What to do about it; only for warn and fail. */
  fix?: string;
}

const LOW_DISK_BYTES = 1024 ** 3; // below 1 GiB free, uploads start failing soon
const CLOCK_SLACK_MS = 5 * 60_000;
const OVERDUE_JOB_MS = 10 * 60_000;

const ok = (check: string, detail: string): Finding => ({ verdict: "ok", check, detail });
const warn = (check: string, detail: string, fix: string): Finding => ({ verdict: "warn", check, detail, fix });
const fail = (check: string, detail: string, fix: string): Finding => ({ verdict: "fail", check, detail, fix });

export async function runDoctor(env: Record<string, string | undefined>, overrides: ConfigOverrides, now = new Date()): Promise<Finding[]> {
  let config;
  try {
    config = loadConfig(env, overrides);
  } catch (error) {
    return [fail("Configuration", (error as Error).message, "Fix that setting (see README, Settings) and run portal doctor again.")];
  }
  const findings: Finding[] = [ok("Configuration", `settings are valid; data in ${config.dataDir}`)];
  findings.push(diskSpace(config.dataDir));

  if (config.databaseUrl) return [...findings, ...(await postgresFindings(config, now))];
  if (!existsSync(join(config.dataDir, databaseFileName))) {
    findings.push(fail("Database", `no database in ${config.dataDir}`, "Run portal migrate (or start the portal), or point --data / DATA_DIR at the right folder."));
    return findings;
  }
  const file = join(config.dataDir, databaseFileName);
  const access = databaseAccess(config.dataDir, file);
  if (access) {
    findings.push(access);
    if (access.check === "Database") return findings; // nothing more can be read
  }
  let sqlite: Database;
  try {
    sqlite = new Database(file, { readonly: true });
    sqlite.exec("PRAGMA busy_timeout = 5000");
  } catch (error) {
    return [...findings, unreadableDatabase(file, error)];
  }
  const db = drizzle(sqlite, { schema }) as Db;
  // Read only: doctor never writes, so its one connection serves as the transaction one too.
  registerSqliteWriter(db, db);
  try {
    findings.push(...databaseChecks(sqlite));
    const ctx = buildContext(config, db, { log: createLogger("silent") });
    findings.push(clock(sqlite, now), ...await jobsAndEmails(ctx.db, ctx, now), ...(await storedFiles(config.dataDir, ctx.files, storageKeysIn(file))));
    findings.push(await smtp(ctx));
  } catch (error) {
    // A database damaged past quick_check (its schema or a table unreadable) fails the first
    // query that touches the damage: that is the finding, not a crash.
    findings.push(damaged(file, error));
  } finally {
    sqlite.close();
  }
  return findings;
}

const RESTORE_FIX = "Stop the portal and restore the latest backup (portal restore); keep the damaged file for inspection.";

const errorText = (error: unknown) => (error as Error)?.message ?? String(error);
const isDamage = (error: unknown) => /malformed|not a database|corrupt|SQLITE_CORRUPT|SQLITE_NOTADB/i.test(`${errorText(error)} ${(error as { code?: string })?.code ?? ""}`);

function damaged(file: string, error: unknown): Finding {
  return isDamage(error)
    ? fail("Database integrity", `${file} is damaged (${errorText(error)})`, RESTORE_FIX)
    : fail("Database", `${file} could not be read to the end (${errorText(error)})`, "Run portal doctor again; if this stays, keep its output and the database file for inspection before changing anything.");
}

function unreadableDatabase(file: string, error: unknown): Finding {
  if (isDamage(error)) return damaged(file, error);
  return fail("Database", `${file} cannot be opened (${errorText(error)})`, ownerFix(file));
}

const ownerFix = (path: string) =>
  `Give it to the user that runs the portal and let that user read and write it, e.g. chown -R <that user> ${dirname(path)} && chmod u+rw ${path}.`;

/**
 * Whether the user running this (the portal's user, as doctor is meant to be run) may read the
 * database and write it and its folder (SQLite writes its -wal and -shm files beside it). A
 * database the portal cannot write answers reads and fails every change.
 */
function databaseAccess(dataDir: string, file: string): Finding | null {
  if (!canAccess(file, constants.R_OK)) return fail("Database", `${file} cannot be read by this user`, ownerFix(file));
  const readOnly = [file, `${file}-wal`, `${file}-shm`].filter((f) => existsSync(f) && !canAccess(f, constants.W_OK));
  if (!canAccess(dataDir, constants.W_OK)) readOnly.push(dataDir);
  if (readOnly.length === 0) return null;
  return fail("Database access", `${readOnly.join(", ")} cannot be written by this user: the portal would fail every change`, ownerFix(file));
}

function canAccess(path: string, mode: number): boolean {
  try {
    accessSync(path, mode);
    return true;
  } catch {
    return false;
  }
}

/** The same checks on PostgreSQL (DATABASE_URL): it answers, its schema, jobs, emails, files, SMTP. */
async function postgresFindings(config: Config, now: Date): Promise<Finding[]> {
  const pg = openPostgres(config.databaseUrl!, { maxConnections: 2 });
  try {
    let applied: number;
    try {
      applied = await appliedPgMigrationCount(pg);
    } catch (error) {
      return [fail("Database", `PostgreSQL does not answer: ${(error as Error).message}`, "Check DATABASE_URL (host, port, database, user, password) and that this server may connect to it.")];
    }
    registerPostgres(pg);
    const ctx = buildContext(config, pg as unknown as Db, { log: createLogger("silent") });
    return [
      ok("Database", "PostgreSQL answers"),
      schemaFinding(applied, (embeddedFiles()?.pgMigrations ?? readPgMigrationsFromDisk()).length),
      ...(await jobsAndEmails(ctx.db, ctx, now)),
      ...(await storedFiles(config.dataDir, ctx.files, await referencedFileKeys(ctx))),
      await smtp(ctx),
    ];
  } finally {
    await closePostgres(pg);
  }
}

function diskSpace(dataDir: string): Finding {
  const fs = statfsSync(dataDir);
  const free = fs.bavail * fs.bsize;
  const share = fs.bavail / fs.blocks;
  const detail = `${(free / 1024 ** 3).toFixed(1)} GiB free (${Math.round(share * 100)}%) where the data lives`;
  if (free < LOW_DISK_BYTES || share < 0.05) return warn("Disk space", detail, "Free some space or grow the disk: uploads and the database stop when it is full.");
  return ok("Disk space", detail);
}

function databaseChecks(sqlite: Database): Finding[] {
  const result = sqlite.query("PRAGMA quick_check").all() as { quick_check: string }[];
  const integrity =
    result.length === 1 && result[0]!.quick_check === "ok"
      ? ok("Database integrity", "quick_check ok")
      : fail("Database integrity", result.slice(0, 3).map((r) => r.quick_check).join("; "), "Stop the portal and restore the latest backup (portal restore); keep the damaged file for inspection.");
  return [integrity, schemaFinding(appliedMigrationCount(sqlite), (embeddedFiles()?.migrations ?? readMigrationsFromDisk()).length)];
}

function schemaFinding(applied: number, known: number): Finding {
  return applied === known
      ? ok("Database schema", `all ${known} migrations applied`)
      : applied < known
        ? warn("Database schema", `${known - applied} migrations not applied yet`, "Start the portal or run portal migrate (a backup is taken first).")
        : fail("Database schema", `the database has ${applied} migrations, this portal knows ${known}`, "This database was used by a newer portal: run that version, or restore a backup made by this one.");
}

/** The newest time the portal wrote; a clock behind it went backwards (or the server's is wrong). */
function clock(sqlite: Database, now: Date): Finding {
  let newest = 0;
  const tables = sqlite.query("select name from sqlite_master where type = 'table'").all() as { name: string }[];
  for (const { name } of tables) {
    const columns = sqlite.query("select name from pragma_table_info(?)").all(name) as { name: string }[];
    if (!columns.some((c) => c.name === "created_at")) continue;
    const row = sqlite.query(`select max(created_at) as t from "${name}"`).get() as { t: number | null };
    newest = Math.max(newest, row.t ?? 0);
  }
  if (newest > now.getTime() + CLOCK_SLACK_MS) {
    return fail("Clock", `the system clock (${now.toISOString()}) is behind data the portal wrote at ${new Date(newest).toISOString()}`, "Set the server's time right (enable NTP: timedatectl set-ntp true); due dates and reminders depend on it.");
  }
  return ok("Clock", `${now.toISOString()}, not behind anything in the database`);
}

async function jobsAndEmails(db: Db, ctx: ReturnType<typeof buildContext>, now: Date): Promise<Finding[]> {
  const jobs = await countJobsByStatus(db);
  const overdue = await countOverdueJobs(db, new Date(now.getTime() - OVERDUE_JOB_MS));
  const emails = await countEmailsByStatus(ctx);
  const found: Finding[] = [];
  found.push(
    overdue > 0
      ? warn("Background jobs", `${overdue} due more than 10 minutes ago and still pending`, "Is the portal running? portal serve runs them; check its log for errors.")
      : jobs.failed > 0
        ? warn("Background jobs", `${jobs.failed} failed for good`, "Their errors are in the portal's log; failed emails can be sent again with portal mail retry.")
        : ok("Background jobs", `${jobs.pending} pending, none overdue, none failed`),
  );
  found.push(
    emails.failed > 0
      ? warn("Emails", `${emails.failed} failed`, "See why with portal mail list; fix SMTP_URL or the address, then portal mail retry <id>.")
      : ok("Emails", `${emails.sent} sent, ${emails.pending + emails.sending} waiting, ${emails.logged} kept in the outbox, none failed`),
  );
  return found;
}

/** Referenced files that are gone (lost documents) and stored files nothing refers to (orphans). */
async function storedFiles(dataDir: string, store: FileStore, referenced: Set<string>): Promise<Finding[]> {
  let present: Set<string>;
  try {
    present = new Set(await store.storedKeys());
  } catch (error) {
    return [fail("Stored files", (error as Error).message, "Check S3_ENDPOINT, S3_BUCKET and the keys, and that this server may reach the storage service.")];
  }
  const missing = [...referenced].filter((k) => !present.has(k));
  // On local disk a file can be present and still unreadable by the portal's user (copied in by
  // root, restored with other owners): that document would download as an error.
  const unreadable = store.localPath ? [...referenced].filter((k) => present.has(k) && !canAccess(store.localPath!(k), constants.R_OK)) : [];
  const orphans = [...present].filter((k) => !referenced.has(k));
  const leftovers = readdirSync(dataDir).filter((n) => /^\.(backup|restore)-/.test(n));
  const found: Finding[] = [];
  found.push(
    missing.length > 0
      ? fail("Stored files", `${missing.length} documents point at a file that is missing (e.g. files/${missing[0]})`, "Restore the files folder from your latest backup; those customers may need to upload again.")
      : ok("Stored files", `all ${referenced.size} files the database refers to are present`),
  );
  if (unreadable.length > 0) {
    const example = store.localPath!(unreadable[0]!);
    found.push(fail("Stored files readable", `${unreadable.length} stored files cannot be read by this user (e.g. ${example})`, ownerFix(example)));
  }
  if (orphans.length > 0) found.push(warn("Orphaned files", `${orphans.length} files in files/ belong to no document (e.g. files/${orphans[0]})`, "Left by an interrupted delete; once a backup holds them, they can be removed."));
  if (leftovers.length > 0) found.push(warn("Leftovers", `${leftovers.join(", ")} in the data directory`, "Left by an interrupted backup or restore; remove them while no backup runs."));
  return found;
}

async function smtp(ctx: ReturnType<typeof buildContext>): Promise<Finding> {
  if (!ctx.config.smtpUrl) return ok("Email delivery", "no SMTP_URL: emails are kept in the outbox and logged (set SMTP_URL to send them)");
  const host = new URL(ctx.config.smtpUrl).host;
  try {
    await (await smtpTransport(ctx)).verify();
    return ok("Email delivery", `the SMTP server at ${host} answers`);
  } catch (error) {
    return fail("Email delivery", `the SMTP server at ${host} does not answer: ${(error as Error).message}`, "Check SMTP_URL (host, port, user, password) and that this server may connect to it.");
  } finally {
    closeSmtpTransport(ctx);
  }
}

export function formatFindings(findings: Finding[]): string[] {
  const label = { ok: "ok  ", warn: "WARN", fail: "FAIL" } as const;
  const lines = findings.flatMap((f) => [`${label[f.verdict]}  ${f.check}: ${f.detail}`, ...(f.fix ? [`      → ${f.fix}`] : [])]);
  const problems = findings.filter((f) => f.verdict !== "ok").length;
  lines.push(problems === 0 ? "No problems found." : `${problems} ${problems === 1 ? "problem" : "problems"} found.`);
  return lines;
}
