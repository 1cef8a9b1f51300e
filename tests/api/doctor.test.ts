// `portal doctor` as the real CLI beside a running portal: a healthy portal gets a clean bill;
// each kind of trouble (a lost file, an orphan, a failed email, a stuck job, a clock gone back,
// an SMTP server that does not answer, a bad setting) is named with what to do, and exit 1.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { chmodSync, chownSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { dialect } from "../../db/dialect.ts";
import { cliEntry, runCli, type CliResult } from "../support/cli.ts";
import { createCustomer, sampleFiles, uploadFile } from "../support/fixtures.ts";
import { startSmtp, type TestSmtp } from "../support/smtp.ts";
import { startTestServer, tempDir, type TestServer } from "../support/server.ts";
import { storageEnv, storedBytes } from "../support/stored-files.ts";
import { createTestDatabase, POSTGRES_MISSING, postgresInstalled } from "../support/postgres.ts";

let smtp: TestSmtp;
let srv: TestServer;
beforeAll(async () => {
  smtp = await startSmtp();
  srv = await startTestServer({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await srv.stop();
  await smtp.stop();
});

const doctor = (env: Record<string, string> = {}) => runCli(["doctor", "--data", srv.dataDir], { SMTP_URL: smtp.url, ...storageEnv(srv), ...env });
const lineOf = (stdout: string, check: string) => stdout.split("\n").find((l) => l.slice(6).startsWith(`${check}:`)) ?? "";

// These examine the SQLite file in DATA_DIR (quick_check, its migrations, its tables); the
// PostgreSQL checks are tested at the end of this file, in either run.
if (dialect === "postgres") console.log("skipped: the SQLite half of portal doctor (the PostgreSQL half runs below)");
describe.skipIf(dialect === "postgres")("portal doctor", () => {
  test("a healthy portal: every check ok, exit 0", async () => {
    const { token } = await srv.signUpBroker();
    const customer = await createCustomer(srv, token);
    expect((await uploadFile(srv, customer.uploadLink, customer.documents[0]!.id, { bytes: sampleFiles.pdf() })).status).toBe(200);
    await srv.runJobs();

    const res = await doctor();
    expect(res.stderr).toBe("");
    expect(res.exitCode).toBe(0);
    for (const check of ["Configuration", "Disk space", "Database integrity", "Database schema", "Clock", "Background jobs", "Emails", "Stored files", "Email delivery"]) {
      expect(lineOf(res.stdout, check)).toStartWith("ok    ");
    }
    expect(lineOf(res.stdout, "Stored files")).toContain("all 1 files");
    expect(lineOf(res.stdout, "Email delivery")).toContain("answers");
    expect(res.stdout.trim().split("\n").at(-1)).toBe("No problems found.");
  });

  test("each problem is named with what to do about it, and the exit code is 1", async () => {
    const sqlite = srv.server.ctx.db.$client;
    const key = (sqlite.query("select storage_key as k from documents where storage_key is not null").get() as { k: string }).k;
    const bytes = await storedBytes(srv, key);
    await srv.server.ctx.files.remove(key);
    await srv.server.ctx.files.write("OrphanedFileKey0123456789", "nobody's");
    sqlite.query("update emails set status = 'failed', last_error = 'refused' where rowid = (select min(rowid) from emails)").run();
    sqlite.query("insert into jobs (id, kind, payload, status, run_at, attempts, created_at) values ('stuck-job', 'send_email', '{}', 'pending', ?, 0, ?)").run(Date.now() - 3_600_000, Date.now() - 3_600_000);
    sqlite.query("update customers set created_at = ? where rowid = (select min(rowid) from customers)").run(Date.now() + 86_400_000);
    try {
      const res = await doctor({ SMTP_URL: "smtp://127.0.0.1:1" });
      expect(res.exitCode).toBe(1);
      const expectations: [string, string, string][] = [
        ["Stored files", "FAIL", "Restore the files folder"],
        ["Orphaned files", "WARN", "files/OrphanedFileKey0123456789"],
        ["Emails", "WARN", "portal mail retry"],
        ["Background jobs", "WARN", "Is the portal running?"],
        ["Clock", "FAIL", "timedatectl set-ntp true"],
        ["Email delivery", "FAIL", "Check SMTP_URL"],
      ];
      const lines = res.stdout.split("\n");
      for (const [check, verdict, advice] of expectations) {
        const at = lines.findIndex((l) => l.startsWith(`${verdict}  ${check}:`));
        expect(at).toBeGreaterThanOrEqual(0);
        expect(`${lines[at]}\n${lines[at + 1]}`).toContain(advice);
      }
      expect(lineOf(res.stdout, "Database integrity")).toStartWith("ok");
      expect(lines.filter(Boolean).at(-1)).toBe("6 problems found.");
    } finally {
      await srv.server.ctx.files.write(key, bytes);
    }
  });

  describe("files the portal's user cannot use, and a damaged database, are findings that name the file", () => {
    const copyDir = () => {
      const dir = tempDir("portal-doctor-copy-");
      srv.server.ctx.db.$client.exec(`VACUUM INTO '${join(dir, "portal.sqlite")}'`);
      writeFileSync(join(dir, "session-secret"), "x".repeat(64));
      return dir;
    };
    /**
     * Runs doctor as a user who does not own `path` (mode `mode`). As root, the file goes to an
     * unmapped owner and doctor runs in a user namespace, where root's override does not reach it.
     */
    async function doctorWithout(dir: string, path: string, mode: number): Promise<CliResult> {
      chmodSync(path, mode);
      const asRoot = process.getuid?.() === 0;
      if (asRoot) chownSync(path, 12345, 12345);
      const argv = [process.execPath, cliEntry, "doctor", "--data", dir];
      const proc = Bun.spawn(asRoot ? ["unshare", "-r", ...argv] : argv, { env: { ...process.env, LOG_LEVEL: "silent" }, stdout: "pipe", stderr: "pipe" });
      const [stdout, stderr, exitCode] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
      return { stdout, stderr, exitCode };
    }
    const finding = (stdout: string, verdict: string, check: string) => {
      const lines = stdout.split("\n");
      const at = lines.findIndex((l) => l.startsWith(`${verdict}  ${check}:`));
      return at === -1 ? "" : `${lines[at]}\n${lines[at + 1] ?? ""}`;
    };

    test("a database damaged past quick_check: the file named and restore advised, never a crash", async () => {
      const dir = copyDir();
      const file = join(dir, "portal.sqlite");
      // Garbage over the schema page: every query fails with "database disk image is malformed".
      const bytes = readFileSync(file);
      bytes.fill(0x5a, 100, 4096);
      writeFileSync(file, bytes);
      const res = await runCli(["doctor", "--data", dir]);
      expect(res.stderr).toBe("");
      expect(res.exitCode).toBe(1);
      const line = finding(res.stdout, "FAIL", "Database integrity");
      expect(line).toContain(`${file} is damaged`);
      expect(line).toContain("portal restore");
      expect(res.stdout.trim().split("\n").at(-1)).toMatch(/problems? found\.$/);
    });

    test("a database this user cannot read", async () => {
      const dir = copyDir();
      const file = join(dir, "portal.sqlite");
      const res = await doctorWithout(dir, file, 0o600);
      expect(res.exitCode).toBe(1);
      const line = finding(res.stdout, "FAIL", "Database");
      expect(line).toContain(`${file} cannot be read by this user`);
      expect(line).toContain(`chown -R <that user> ${dir}`);
    });

    test("a database this user can read but not write", async () => {
      const dir = copyDir();
      const file = join(dir, "portal.sqlite");
      const res = await doctorWithout(dir, file, 0o644);
      expect(res.exitCode).toBe(1);
      const line = finding(res.stdout, "FAIL", "Database access");
      expect(line).toContain(`${file} cannot be written by this user`);
      expect(line).toContain("chmod u+rw");
      expect(res.stdout).not.toContain("No problems found.");
    });

    test("a stored file this user cannot read (it would download as an error)", async () => {
      const dir = copyDir();
      const sqlite = srv.server.ctx.db.$client;
      const key = (sqlite.query("select storage_key as k from documents where storage_key is not null").get() as { k: string }).k;
      mkdirSync(join(dir, "files"), { recursive: true });
      const stored = join(dir, "files", key);
      writeFileSync(stored, await storedBytes(srv, key));
      const res = await doctorWithout(dir, stored, 0o600);
      expect(res.exitCode).toBe(1);
      const line = finding(res.stdout, "FAIL", "Stored files readable");
      expect(line).toContain(`1 stored files cannot be read by this user (e.g. ${stored})`);
    });
  });

  test("a bad setting is the one finding, and an empty folder has no database", async () => {
    const bad = await doctor({ METRICS_TOKEN: "short" });
    expect(bad.exitCode).toBe(1);
    expect(bad.stdout).toStartWith("FAIL  Configuration: METRICS_TOKEN must be at least 16 characters long");
    const empty = await runCli(["doctor", "--data", join(srv.dataDir, "elsewhere")]);
    expect(empty.exitCode).toBe(1);
    expect(empty.stdout).toContain("FAIL  Database: no database in");
    rmSync(join(srv.dataDir, "elsewhere"), { recursive: true, force: true });
  });
});

if (!postgresInstalled) console.log(`skipped: portal doctor on PostgreSQL: ${POSTGRES_MISSING}`);
describe.skipIf(!postgresInstalled)("portal doctor with DATABASE_URL", () => {
  test("a migrated PostgreSQL gets a clean bill; one that does not answer is named with what to check", async () => {
    const dataDir = tempDir("portal-doctor-pg-");
    try {
      const healthy = await runCli(["doctor", "--data", dataDir], { DATABASE_URL: await createTestDatabase() });
      expect(healthy.stdout).toContain("ok    Database: PostgreSQL answers");
      expect(healthy.stdout).toMatch(/ok {4}Database schema: all \d+ migrations applied/);
      expect(healthy.stdout).toContain("No problems found.");
      expect(healthy.exitCode).toBe(0);

      const down = await runCli(["doctor", "--data", dataDir], { DATABASE_URL: "postgres://portal:secret-password@127.0.0.1:1/portal" });
      expect(down.stdout).toContain("FAIL  Database: PostgreSQL does not answer");
      expect(down.stdout).toContain("Check DATABASE_URL");
      expect(down.stdout).not.toContain("secret-password");
      expect(down.exitCode).toBe(1);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
