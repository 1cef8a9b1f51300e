// Starting against a PostgreSQL that is not there, or not as DATABASE_URL says (issue 39, item
// 12): the portal waits a while for a server that is still starting, then stops with one line
// naming DATABASE_URL and what to check (never the password); a wrong database fails at once.
import { describe, expect, test } from "bun:test";
import { runCli } from "../support/cli.ts";
import { freePort } from "../support/smtp.ts";
import { createTestDatabase, postgresInstalled } from "../support/postgres.ts";
import { tempDir } from "../support/server.ts";

const serve = async (databaseUrl: string, waitSeconds: string) =>
  runCli(["serve", "--port", String(await freePort()), "--data", tempDir("portal-db-start-")], { DATABASE_URL: databaseUrl, DATABASE_WAIT_SECONDS: waitSeconds, HOST: "127.0.0.1" });

describe("portal serve with a database it cannot use", () => {
  test("nothing listening: it waits DATABASE_WAIT_SECONDS, then says so naming the setting", async () => {
    const started = Date.now();
    const res = await serve("postgres://portal:secret-password@127.0.0.1:1/portal", "3");
    expect(res.exitCode).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_500); // it did wait
    expect(res.stderr.trim()).toStartWith("DATABASE_URL: PostgreSQL at 127.0.0.1:1 could not be reached for 3 s");
    expect(res.stderr).toContain("Check that PostgreSQL is running");
    expect(res.stderr).not.toContain("secret-password");
  }, 120_000);

  test.skipIf(!postgresInstalled)("a database that does not exist on a running server: said at once, naming the setting", async () => {
    const url = new URL(await createTestDatabase());
    url.pathname = "/no_such_database";
    const started = Date.now();
    const res = await serve(url.href, "60");
    expect(res.exitCode).toBe(1);
    expect(Date.now() - started).toBeLessThan(30_000); // not the minute's wait
    expect(res.stderr.trim()).toStartWith(`DATABASE_URL: PostgreSQL at 127.0.0.1:${url.port} refused the connection`);
    expect(res.stderr).toContain("no_such_database");
  }, 120_000);
});
