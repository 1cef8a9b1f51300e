// SQLite's checkpoints run on a worker thread while the portal serves (db/checkpointer.ts): the
// server's own connection never stops the event loop for the fsyncs, and the log is still copied
// back into the database file as it grows.
import { afterEach, expect, test } from "bun:test";
import { statSync } from "node:fs";
import { join } from "node:path";
import { databaseFileName, sqliteWriterClient } from "../../db/client.ts";
import { dialect } from "../../db/dialect.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { startCheckpointer } from "../../db/checkpointer.ts";
import { createLogger } from "../../src/lib/log.ts";

let srv: TestServer | null = null;
afterEach(async () => {
  await srv?.stop();
  srv = null;
});

const autocheckpoint = (srv: TestServer) =>
  (sqliteWriterClient(srv.server.ctx.db).query("PRAGMA wal_autocheckpoint").get() as { wal_autocheckpoint: number }).wal_autocheckpoint;

if (dialect === "postgres") console.log("skipped on PostgreSQL: the checkpointer is SQLite's (its write-ahead log)");
test.skipIf(dialect === "postgres")("while serving, the log is checkpointed by the worker, not by the server's connection; a stopped checkpointer hands it back", async () => {
  srv = await startTestServer();
  const { db } = srv.server.ctx;
  expect(autocheckpoint(srv)).toBe(0);

  const file = join(srv.dataDir, databaseFileName);
  const before = statSync(file).size;
  // 6 MB of commits on the server's writing connection, past the worker's 4 MB threshold: the
  // connection itself copies none of it into the file.
  const writer = sqliteWriterClient(db);
  writer.run("create table filler (body text)");
  for (let i = 0; i < 6; i++) writer.run("insert into filler values (?)", ["x".repeat(1024 * 1024)]);
  expect(statSync(file).size - before).toBeLessThan(1024 * 1024);

  // The worker copies the log into the file (every 250 ms it looks at the log's size).
  for (let waited = 0; statSync(file).size - before < 5 * 1024 * 1024 && waited < 10_000; waited += 50) await Bun.sleep(50);
  expect(statSync(file).size - before).toBeGreaterThanOrEqual(5 * 1024 * 1024);
  expect((await db.$client.query("select count(*) as n from filler").get() as { n: number }).n).toBe(6);


  // Stopping hands checkpoints back to the server's connection (closing the database then
  // checkpoints the rest, as SQLite always does).
  const again = await startCheckpointer(writer, file, createLogger("silent"));
  expect(autocheckpoint(srv)).toBe(0);
  await again.stop();
  expect(autocheckpoint(srv)).toBe(1000);
});
