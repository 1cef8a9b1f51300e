// Crash safety with real processes: the portal is killed (SIGKILL) after an email was queued and
// before it was delivered, then started again on the same data directory.
import { afterAll, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { closeAnyDatabase, openMigratedDatabase } from "../../db/database.ts";
import { loadConfig } from "../../src/config.ts";
import { queueEmail } from "../../src/features/mail/service.ts";
import { passwordResetEmail } from "../../src/features/mail/templates.ts";
import { buildContext } from "../../src/context.ts";
import { createLogger } from "../../src/lib/log.ts";
import { runCli, serveProcess } from "../support/cli.ts";
import { tempDir, testDatabaseEnv } from "../support/server.ts";
import { startSilentServer, startSmtp, waitFor } from "../support/smtp.ts";
import { transaction } from "../../db/transaction.ts";
import { dialect } from "../../db/dialect.ts";

const dataDir = tempDir("portal-crash-");
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
/** Both runs use one database: the SQLite file in dataDir, or under test:postgres one PostgreSQL database. */
const database = testDatabaseEnv();

/** `portal serve` on dataDir; one that cannot start fails the test with its own words. */
async function startPortal(smtpUrl: string) {
  const served = await serveProcess(dataDir, { SMTP_URL: smtpUrl, PUBLIC_URL: "https://portal.example.com", ...(await database) });
  return served.proc;
}

// On PostgreSQL a stopped instance's jobs are handed out again only after their 5-minute lease
// (another instance may be running them); tests/api/mail.test.ts covers that with a test clock.
if (dialect === "postgres") console.log("skipped: restart of one process on its own SQLite data directory (PostgreSQL waits out the lease)");
test.skipIf(dialect === "postgres")("killed mid-delivery, started again: the email arrives exactly once", async () => {
  // First run: the mail server accepts the connection and then hangs, so delivery is in flight.
  const hanging = await startSilentServer();
  const first = await startPortal(`smtp://127.0.0.1:${hanging.port}`);

  // A feature queues an email (here written straight into the portal's database, as a request would).
  const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: "https://portal.example.com", ...(await database) });
  const db = await openMigratedDatabase(config);
  const ctx = buildContext(config, db, { log: createLogger("silent") });
  const content = passwordResetEmail({ customerName: "Casey", resetUrl: "https://portal.example.com/upload/abc?reset=xyz" });
  await transaction(db, async (tx) => queueEmail(ctx, tx, { kind: "password_reset", to: "casey@example.com", dedupeKey: "reset:1", ...content }));
  await closeAnyDatabase(db);

  // Generous: a process starting on a busy 2-core machine (CI ran it beside other suites).
  await waitFor(() => hanging.connections > 0, 60_000, "the portal to start delivering");
  first.kill("SIGKILL");
  await first.exited;
  await hanging.stop();

  // Second run, with a working mail server, on the same data directory.
  const mail = await startSmtp();
  const second = await startPortal(mail.url);
  try {
    await waitFor(() => mail.received.length > 0, 60_000, "the email to arrive");
    await Bun.sleep(500); // room for a duplicate to show up, if there were one
    expect(mail.received).toHaveLength(1);
    expect(mail.received[0]!.to).toEqual(["casey@example.com"]);
    expect(mail.received[0]!.body).toContain("https://portal.example.com/upload/abc?reset=xyz");
  } finally {
    second.kill("SIGTERM");
    expect(await second.exited).toBe(0); // the scheduler stops cleanly on SIGTERM
    await mail.stop();
  }

  const list = await runCli(["mail", "list", "--data", dataDir], await database);
  expect(list.exitCode).toBe(0);
  expect(list.stdout).toMatch(/sent\s+\S+ \S+\s+casey@example\.com\s+"Reset your portal password"\s+\(attempts: 2\)/);
}, 180_000);
