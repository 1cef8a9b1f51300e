#!/usr/bin/env bun
// `portal` — the one command a brokerage runs. Thin: parses arguments, loads config, calls in.
import { join } from "node:path";
import { parseArgs } from "node:util";
import pkg from "../package.json" with { type: "json" };
import { databaseFileName } from "../db/client.ts";
import { closeAnyDatabase, DatabaseUnreachableError, openMigratedDatabase } from "../db/database.ts";
import { ConfigError, dataDirSetting, loadConfig, type ConfigOverrides } from "./config.ts";
import { createBrokerAccount } from "./features/auth/service.ts";
import { listEmails, portalLinks, retryEmail, type Email } from "./features/mail/service.ts";
import { buildContext, type AppContext } from "./context.ts";
import { subscribeSideEffects } from "./side-effects.ts";
import { adminList, adminResetPassword, adminSetDisabled } from "./features/operations/admin-commands.ts";
import { adminResetTwoFactor } from "./features/two-factor/admin-command.ts";
import { adminMakeOwner, adminMembers, adminWorkspaces } from "./features/operations/workspace-commands.ts";
import { parseKeep, runBackupCommand, runRestoreCommand } from "./features/operations/commands.ts";
import { DEMO_BROKERS, DEMO_PASSWORD, fillDemo } from "./features/operations/demo.ts";
import { runAuditVerify } from "./features/audit/command.ts";
import { AppError } from "./lib/errors.ts";
import { createLogger, oneLine } from "./lib/log.ts";
import { DataDirLockedError } from "./lib/data-lock.ts";
import { StorageUnreachableError } from "./lib/storage-s3-start.ts";
import { PortInUseError, startServer } from "./server.ts";

const HELP = `Broker document portal ${pkg.version}

Usage: portal <command> [options]

Commands:
  serve [--port N] [--data DIR]      Start the portal (web app, API, live updates)
  migrate [--data DIR]               Create or update the database, then exit
  admin create --email E --password P [--first F] [--last L] [--data DIR]
                                     Create a broker account
  admin list [--data DIR]            List broker accounts: active or disabled, open sessions
  admin reset-password --email E --password P [--data DIR]
                                     Set a broker's password; their sessions end
  admin disable --email E [--data DIR]
                                     Stop a broker from signing in; their sessions end
  admin enable --email E [--data DIR]
                                     Let a disabled broker sign in again
  admin reset-2fa <email> [--data DIR]
                                     Remove a broker's authenticator and recovery codes (a lost
                                     phone); they sign in with their password alone, or set up
                                     again first when REQUIRE_2FA=true
  admin workspaces [--data DIR]      List workspaces: id, name, members, customers, claimed
                                     email domains
  admin members <workspace id> [--data DIR]
                                     List a workspace's members: email, role, name, id
  admin make-owner <email> [--data DIR]
                                     Make a member an owner of their workspace (for one whose
                                     only owner has left)
  backup --to DIR [--keep N] [--data DIR]
                                     Write portal-backup-<time>.tar.gz into DIR: the database
                                     (one consistent point, safe while the portal runs), the
                                     stored files, the session secret and the signing
                                     certificate, with a manifest of checksums; --keep N
                                     deletes all but the newest N there
  backup <file.tar.gz> [--data DIR]  The same archive, written to <file.tar.gz>
  backup <file> [--data DIR]         Any other name: a copy of the database alone (as in 0.1)
  esign verify <file.pdf>            Check a sealed PDF: is its signature valid over the whole
                                     file, who sealed it, the hashes on its certificate page;
                                     exit 1 when it changed after sealing
  restore <file.tar.gz> [--data DIR] Unpack a backup into an empty data directory that no
                                     portal is using, after checking every checksum
  demo [--data DIR]                  Fill a new data directory with a believable brokerage
                                     (2 brokers, 200 customers, documents in every status);
                                     sign in as demo@example.com / "demo password"
  doctor [--data DIR]                Check settings, disk space, database integrity and schema,
                                     clock, jobs and emails, stored files, SMTP; says what to
                                     do about each problem (exit 1 if there is one)
  audit verify [--broker ID|EMAIL] [--data DIR]
                                     Check the audit trail's hash chains (every broker's, or
                                     one's): exit 0 when intact, 1 naming the first edited,
                                     deleted or moved entry
  migrate-to --database-url postgres://… [--files-to DIR | --s3-bucket B] [--data DIR]
                                     Copy this installation into an empty PostgreSQL database
                                     (and its stored files into DIR/files or an S3 bucket; with
                                     neither they stay in DATA_DIR/files), then compare every
                                     table's rows and every file's SHA-256; stop the portal
                                     first. S3: --s3-endpoint, --s3-region or S3_* settings
                                     (keys: S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)
  mail list [--limit N] [--data DIR] Show the latest emails: pending, sent, failed (with the
                                     error), or logged (kept in the outbox, no SMTP_URL)
  mail retry <id> [--data DIR]       Send a failed email again
  --help                             Show this help
  --version                          Show the version

Settings come from the environment (PORT, DATA_DIR, PUBLIC_URL, SMTP_URL, MAIL_FROM,
STRIPE_*, SESSION_SECRET, MAX_UPLOAD_MB, ALLOW_SIGNUP, TRUST_PROXY, HOST, LOG_LEVEL,
METRICS_TOKEN, BACKUP_CRON, BACKUP_DIR, BACKUP_KEEP, REQUIRE_2FA, OIDC_*); see README.md.
`;

class UsageError extends Error {}

const print = (lines: string[]) => lines.forEach((line) => console.log(line));

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

function parse(args: string[]) {
  try {
    return parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        port: { type: "string" },
        data: { type: "string" },
        email: { type: "string" },
        password: { type: "string" },
        first: { type: "string" },
        last: { type: "string" },
        limit: { type: "string" },
        to: { type: "string" },
        keep: { type: "string" },
        broker: { type: "string" },
        "database-url": { type: "string" },
        "files-to": { type: "string" },
        "s3-bucket": { type: "string" },
        "s3-endpoint": { type: "string" },
        "s3-region": { type: "string" },
        "s3-access-key-id": { type: "string" },
        "s3-secret-access-key": { type: "string" },
        "ignore-file-problems": { type: "boolean" },
        help: { type: "boolean", short: "h" },
        version: { type: "boolean", short: "v" },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

async function openMigrated(overrides: ConfigOverrides) {
  const config = loadConfig(process.env, overrides);
  const db = await openMigratedDatabase(config);
  return { config, db };
}

async function serve(overrides: ConfigOverrides) {
  const config = loadConfig(process.env, overrides);
  const log = createLogger();
  const server = await startServer(config, { log, prebuildWeb: true });
  log.info(`Broker portal ${pkg.version} is running at ${config.publicUrl}`, {
    listening: `${config.host}:${server.port}`,
    data: config.dataDir,
    mail: config.smtpUrl ? "smtp" : "outbox only (no SMTP_URL)",
    billing: config.billing ? "on" : "off",
  });
  const shutdown = async (signal: string) => {
    log.info(`${signal} received, stopping`);
    await server.stop();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

async function adminCreate(values: ReturnType<typeof parse>["values"], overrides: ConfigOverrides) {
  if (!values.email || !values.password) throw new UsageError("admin create needs --email and --password");
  const { email, password, first: firstName, last: lastName } = values;
  const user = await withContext(overrides, async (ctx) => createBrokerAccount(ctx, { email, password, firstName, lastName }));
  console.log(`Created broker ${user.email} (${user.id})`);
}

/** backup and restore copy a SQLite data directory; the shared database and bucket have their own tools. */
const NOT_FOR_POSTGRES = "portal backup and restore work on the SQLite data directory. With DATABASE_URL set, back up PostgreSQL with pg_dump (or your provider's point-in-time recovery) and the S3 bucket with its own versioning or replication.";

async function backup(file: string | undefined, values: ReturnType<typeof parse>["values"], overrides: ConfigOverrides) {
  const { dataDir, databaseUrl } = loadConfig(process.env, overrides);
  if (databaseUrl) throw new UsageError(NOT_FOR_POSTGRES);
  print(await runBackupCommand({ dataDir, file, to: values.to, keep: parseKeep(values.keep) }));
}

async function restore(archive: string | undefined, overrides: ConfigOverrides) {
  if (!archive) throw new UsageError("restore needs a backup file: portal restore <file.tar.gz>");
  if (process.env.DATABASE_URL) throw new UsageError(NOT_FOR_POSTGRES);
  // Not loadConfig: it would create the directory's session secret, and restore needs it empty.
  print(await runRestoreCommand({ archive, dataDir: dataDirSetting(process.env, overrides) }));
}

async function withContext<T>(overrides: ConfigOverrides, work: (ctx: AppContext) => T | Promise<T>): Promise<T> {
  const { config, db } = await openMigrated(overrides);
  const ctx = subscribeSideEffects(buildContext(config, db, { log: createLogger("silent") }));
  try {
    return await work(ctx);
  } finally {
    await ctx.events.close(); // what the command published reaches the running instances first
    await closeAnyDatabase(db);
  }
}

function printEmails(list: Email[]) {
  if (list.length === 0) return console.log("No emails yet.");
  // Subjects, addresses and errors hold other people's text: one printed line each, always.
  const print = (line: string) => console.log(oneLine(line));
  for (const e of list) {
    const when = (e.sentAt ?? e.createdAt).toISOString().replace("T", " ").slice(0, 19);
    print(`${e.id}  ${e.status.padEnd(7)}  ${when}  ${e.to}  "${e.subject}"  (attempts: ${e.attempts})`);
    if (e.lastError) print(`    error: ${e.lastError}`);
    if (e.status === "logged") for (const link of portalLinks(e.html)) print(`    link: ${link}`);
  }
}

function mail(sub: string | undefined, rest: string[], values: ReturnType<typeof parse>["values"], overrides: ConfigOverrides) {
  if (sub === "list") {
    const limit = values.limit === undefined ? 20 : Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1) throw new UsageError("--limit must be a whole number above 0");
    return withContext(overrides, async (ctx) => printEmails(await listEmails(ctx, { limit })));
  }
  if (sub === "retry") {
    if (rest.length !== 1) throw new UsageError("mail retry needs one email id: portal mail retry <id>");
    return withContext(overrides, async (ctx) => {
      const email = await retryEmail(ctx, rest[0]!);
      console.log(`Email ${email.id} to ${email.to} will be sent again by the running portal.`);
    });
  }
  throw new UsageError(`Unknown mail command "${sub ?? ""}". Try: portal mail list`);
}

async function main(argv: string[]) {
  const { values, positionals } = parse(argv);
  if (values.version) return console.log(pkg.version);
  const [command, sub, ...rest] = positionals;
  if (values.help || !command) return console.log(HELP);
  const overrides: ConfigOverrides = { port: values.port, dataDir: values.data };

  switch (command) {
    case "serve":
      return serve(overrides);
    case "migrate": {
      const { config, db } = await openMigrated(overrides);
      await closeAnyDatabase(db);
      return console.log(`Database is up to date (${config.databaseUrl ? "PostgreSQL" : join(config.dataDir, databaseFileName)})`);
    }
    case "admin":
      if (sub === "reset-2fa") return withContext(overrides, async (ctx) => print(await adminResetTwoFactor(ctx, rest.length === 1 ? rest[0] : values.email)));
      if (sub === "workspaces" && !rest.length) return withContext(overrides, async (ctx) => print(await adminWorkspaces(ctx)));
      if (sub === "members") {
        if (rest.length !== 1) throw new UsageError("admin members needs one workspace id: portal admin members <workspace id> (portal admin workspaces lists them)");
        return withContext(overrides, async (ctx) => print(await adminMembers(ctx, rest[0]!)));
      }
      if (sub === "make-owner") {
        const email = rest.length === 1 ? rest[0] : values.email;
        if (!email || rest.length > 1) throw new UsageError("admin make-owner needs one email: portal admin make-owner <email>");
        return withContext(overrides, async (ctx) => print(await adminMakeOwner(ctx, email)));
      }
      if (rest.length) throw new UsageError(`admin ${sub} takes options only (--email, --password …)`);
      if (sub === "create") return adminCreate(values, overrides);
      if (sub === "list") return withContext(overrides, async (ctx) => print(await adminList(ctx)));
      if (sub === "reset-password") return withContext(overrides, async (ctx) => print(await adminResetPassword(ctx, values)));
      if (sub === "disable" || sub === "enable") return withContext(overrides, async (ctx) => print(await adminSetDisabled(ctx, values, sub === "disable")));
      throw new UsageError(`Unknown admin command "${sub ?? ""}". Try: portal admin list`);
    case "mail":
      return mail(sub, rest, values, overrides);
    case "audit": {
      if (sub !== "verify" || rest.length) throw new UsageError(`Unknown audit command "${[sub, ...rest].join(" ")}". Try: portal audit verify`);
      const report = await withContext(overrides, (ctx) => runAuditVerify(ctx, { broker: values.broker }));
      print(report.lines);
      if (!report.intact) process.exitCode = 1;
      return;
    }
    case "esign": {
      if (sub !== "verify" || rest.length !== 1) throw new UsageError("esign verify needs one file: portal esign verify <sealed.pdf>");
      const { runVerifyCommand } = await import("./features/signatures/verify-command.ts");
      const report = await runVerifyCommand(rest[0]!);
      print(report.lines);
      if (!report.valid) process.exitCode = 1;
      return;
    }
    case "backup":
      if (rest.length) throw new UsageError("backup takes one file name");
      return backup(sub, values, overrides);
    case "demo": {
      if (sub) throw new UsageError("demo takes no arguments besides --data");
      const demo = await fillDemo(overrides);
      console.log(`Demo brokerage written to ${demo.dataDir}: ${demo.brokers} brokers, ${demo.customers} customers, ${demo.documents} documents.`);
      console.log(`Start it with "portal serve --data ${demo.dataDir}" and sign in as ${DEMO_BROKERS[0].email} / "${DEMO_PASSWORD}" (or ${DEMO_BROKERS[1].email}).`);
      return;
    }
    case "doctor": {
      if (sub) throw new UsageError("doctor takes no arguments besides --data");
      // Loaded by their commands only: with them, `serve` would load PostgreSQL's driver too.
      const { formatFindings, runDoctor } = await import("./features/operations/doctor.ts");
      const findings = await runDoctor(process.env, overrides);
      print(formatFindings(findings).map(oneLine));
      if (findings.some((f) => f.verdict !== "ok")) process.exitCode = 1;
      return;
    }
    case "migrate-to": {
      if (sub) throw new UsageError("migrate-to takes options only (--database-url, --files-to, --s3-bucket …)");
      const { runMigrateToCommand } = await import("./features/operations/migrate-to-command.ts");
      const ok = await runMigrateToCommand({ flags: values, env: process.env, dataDir: dataDirSetting(process.env, overrides), print: (line) => console.log(line) });
      if (!ok) process.exitCode = 1;
      return;
    }
    case "restore":
      if (rest.length) throw new UsageError("restore takes one backup file");
      return restore(sub, overrides);
    default:
      throw new UsageError(`Unknown command "${command}"`);
  }
}

// Everything the portal creates (the data directory, the database with its WAL, stored files,
// uploads in progress, backups) holds customers' documents and secrets: owner-only, whatever the
// shell's umask (commonly 022, which made them readable by every local user).
process.umask(0o077);

main(process.argv.slice(2)).catch((error) => {
  if (error instanceof ConfigError) fail(`Configuration error: ${error.message}`);
  if (error instanceof UsageError) fail(`${error.message}\nRun "portal --help" for usage.`, 2);
  if (error instanceof AppError || error instanceof PortInUseError || error instanceof DataDirLockedError || error instanceof DatabaseUnreachableError || error instanceof StorageUnreachableError) fail(error.message);
  fail(`Error: ${(error as Error).message ?? error}`);
});
