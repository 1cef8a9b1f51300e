import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pkg from "../../package.json" with { type: "json" };
import { runCli, serveProcess, signInAt } from "../support/cli.ts";
import { dialect } from "../../db/dialect.ts";
import { tempDir, testDatabaseEnv } from "../support/server.ts";

const dirs: string[] = [];
const dataDir = () => {
  const dir = tempDir("portal-cli-");
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe("portal CLI", () => {
  test("--version and --help", async () => {
    expect((await runCli(["--version"])).stdout.trim()).toBe(pkg.version);
    const help = await runCli(["--help"]);
    expect(help.exitCode).toBe(0);
    for (const command of ["serve", "migrate", "admin create", "admin list", "admin reset-password", "admin disable", "backup", "restore", "doctor", "demo"]) expect(help.stdout).toContain(command);
  });

  test("an unknown command or option exits 2 with a hint", async () => {
    const unknown = await runCli(["frobnicate"]);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain('Unknown command "frobnicate"');
    const badOption = await runCli(["serve", "--colour"]);
    expect(badOption.exitCode).toBe(2);
    expect(badOption.stderr).toContain("portal --help");
  });

  test("serve with PORT=abc exits non-zero with one clear line and no stack trace", async () => {
    const res = await runCli(["serve"], { PORT: "abc", DATA_DIR: dataDir() });
    expect(res.exitCode).toBe(1);
    expect(res.stderr.trim()).toBe('Configuration error: PORT must be a whole number from 0 to 65535 (got "abc")');
  });

  test("with DATABASE_URL, backup and restore refuse with the tools to use, and BACKUP_CRON is a configuration error", async () => {
    // Nothing is reached: the refusal comes before any connection.
    const env = { DATABASE_URL: "postgres://portal@127.0.0.1:1/portal" };
    const backup = await runCli(["backup", join(dataDir(), "b.tar.gz"), "--data", dataDir()], env);
    expect(backup.exitCode).not.toBe(0);
    expect(backup.stderr).toContain("pg_dump");
    const restore = await runCli(["restore", join(dataDir(), "b.tar.gz"), "--data", dataDir()], env);
    expect(restore.exitCode).not.toBe(0);
    expect(restore.stderr).toContain("pg_dump");
    const serve = await runCli(["serve", "--data", dataDir()], { ...env, BACKUP_CRON: "0 2 * * *" });
    expect(serve.exitCode).toBe(1);
    expect(serve.stderr).toContain("Configuration error: BACKUP_CRON backs up the SQLite data directory");
  });

  test("serve with an unwritable DATA_DIR exits non-zero naming DATA_DIR", async () => {
    const file = join(dataDir(), "plain-file");
    writeFileSync(file, "x");
    const res = await runCli(["serve", "--data", join(file, "sub")]);
    expect(res.exitCode).toBe(1);
    expect(res.stderr.trim().split("\n")).toHaveLength(1);
    expect(res.stderr).toContain("Configuration error: DATA_DIR");
  });

  test("migrate creates the database; admin create makes a broker who can sign in on serve", async () => {
    const dir = dataDir();
    const db = await testDatabaseEnv(); // under test:postgres, a PostgreSQL database of its own
    const migrated = await runCli(["migrate", "--data", dir], db);
    expect(migrated.exitCode).toBe(0);
    expect(migrated.stdout).toContain("Database is up to date");

    const created = await runCli(["admin", "create", "--email", "Owner@Example.com", "--password", "owner password", "--first", "Olive", "--data", dir], db);
    expect(created.exitCode).toBe(0);
    expect(created.stdout).toContain("Created broker owner@example.com");

    const again = await runCli(["admin", "create", "--email", "owner@example.com", "--password", "owner password", "--data", dir], db);
    expect(again.exitCode).toBe(1);
    expect(again.stderr).toContain("already exists");

    const short = await runCli(["admin", "create", "--email", "x@example.com", "--password", "short", "--data", dir], db);
    expect(short.exitCode).toBe(1);
    expect(short.stderr.trim()).toBe("Password must be at least 8 characters");

    const server = await serveProcess(dir, db);
    try {
      const url = server.url;
      const res = await signInAt(url, "owner@example.com", "owner password");
      expect(res.status).toBe(200);
      expect(((await res.json()) as { user: { firstName: string } }).user.firstName).toBe("Olive");

      // backup while the server is running gives a consistent, readable copy (of the SQLite file:
      // `portal backup` copies the SQLite file in DATA_DIR only).
      if (dialect === "postgres") return;
      const target = join(dataDir(), "backup.sqlite");
      const backup = await runCli(["backup", target, "--data", dir]);
      expect(backup.exitCode).toBe(0);
      expect(backup.stdout).toContain("Backup written to");
      const copy = new Database(target, { readonly: true });
      expect(copy.query("select email from users").all()).toEqual([{ email: "owner@example.com" }]);
      expect(copy.query("pragma integrity_check").get()).toEqual({ integrity_check: "ok" });
      copy.close();

      const overwrite = await runCli(["backup", target, "--data", dir]);
      expect(overwrite.exitCode).toBe(1);
      expect(overwrite.stderr).toContain("already exists");
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 30_000);

  test("backup of an empty data directory says there is no database", async () => {
    // A SQLite data directory's backup, whatever database the test run uses.
    const res = await runCli(["backup", join(dataDir(), "b.sqlite"), "--data", dataDir()], { DATABASE_URL: "" });
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toContain("No database found");
  });

  test("mail list on a new portal says there are no emails; mail retry of an unknown id fails clearly", async () => {
    const dir = dataDir();
    const db = await testDatabaseEnv();
    const list = await runCli(["mail", "list", "--data", dir], db);
    expect(list.exitCode).toBe(0);
    expect(list.stdout.trim()).toBe("No emails yet.");
    const retry = await runCli(["mail", "retry", "no-such-id", "--data", dir], db);
    expect(retry.exitCode).toBe(1);
    expect(retry.stderr.trim()).toBe("No email with id no-such-id");
    const badLimit = await runCli(["mail", "list", "--limit", "lots", "--data", dir], db);
    expect(badLimit.exitCode).toBe(2);
    expect(badLimit.stderr).toContain("--limit must be a whole number above 0");
  });
});
