// BACKUP_CRON: the serving portal writes the same archive `portal backup` does, on schedule, and
// it restores. (A pattern with seconds fires within the test; production uses e.g. "0 2 * * *".)
import { afterAll, expect, test } from "bun:test";
import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { backupFileName, isBackupArchiveName } from "../../src/features/operations/backup.ts";
import { runCli } from "../support/cli.ts";
import { startTestServer, tempDir } from "../support/server.ts";
import { dialect } from "../../db/dialect.ts";

const dir = tempDir("portal-scheduled-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The first archive the schedule wrote after `name` (archive names sort by time). */
async function archiveAfter(folder: string, name: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const found = existsSync(folder) ? readdirSync(folder).filter((n) => isBackupArchiveName(n) && n > name) : [];
    if (found.length > 0) return join(folder, found.sort()[0]!);
    await Bun.sleep(50);
  }
  throw new Error(`no scheduled backup appeared in ${folder}`);
}

// SQLite only: BACKUP_CRON archives the SQLite file in DATA_DIR; PostgreSQL keeps no such file.
if (dialect === "postgres") console.log("skipped on PostgreSQL: BACKUP_CRON archives the SQLite file in DATA_DIR");
test.skipIf(dialect === "postgres")("BACKUP_CRON writes restorable archives into BACKUP_DIR while the portal serves", async () => {
  const folder = join(dir, "backups");
  const srv = await startTestServer({ BACKUP_CRON: "* * * * * *", BACKUP_DIR: folder, BACKUP_KEEP: "2" });
  let archive: string;
  try {
    await srv.signUpBroker({ email: "scheduled@example.com" });
    // Any backup started after this moment holds the broker.
    archive = await archiveAfter(folder, backupFileName(new Date()));
  } finally {
    await srv.stop();
  }
  expect(readdirSync(folder).filter(isBackupArchiveName).length).toBeLessThanOrEqual(2);
  const restored = join(dir, "restored");
  const res = await runCli(["restore", archive, "--data", restored]);
  expect(res.exitCode).toBe(0);
  const db = new Database(join(restored, "portal.sqlite"), { readonly: true });
  expect(db.query("select email from users").all()).toEqual([{ email: "scheduled@example.com" }]);
  db.close();
}, 20_000);
