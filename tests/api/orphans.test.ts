// A crash between moving a file into the store and committing its document leaves the file
// alone in the store; the next start removes it, and nothing that a document refers to.
import { afterAll, expect, test } from "bun:test";
import { existsSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadConfig } from "../../src/config.ts";
import { ManualClock } from "../../src/lib/clock.ts";
import { createLogger } from "../../src/lib/log.ts";
import { newStorageKey } from "../../src/lib/storage.ts";
import { startServer } from "../../src/server.ts";
import { attachFile, createCustomer } from "../support/fixtures.ts";
import { tempDir, testDatabaseEnv, type TestServer } from "../support/server.ts";

const dir = tempDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const database = testDatabaseEnv(); // the same database at each start
const start = async () =>
  startServer(loadConfig({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dir, ...(await database) }), { clock: new ManualClock(), log: createLogger("silent"), runScheduler: false });

test("at start, stored files no document refers to are removed; referenced ones stay", async () => {
  const first = await start();
  const call = (path: string, init: { method?: string; body?: unknown; token?: string } = {}) =>
    fetch(first.url + path, {
      method: init.method ?? "GET",
      headers: { "content-type": "application/json", ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    }).then(async (res) => ({ status: res.status, body: await res.json(), headers: res.headers }));
  const srv = { server: first, call } as unknown as TestServer;
  const broker = (await call("/api/auth/signup", { method: "POST", body: { email: "o@example.com", password: "long enough pw" } })).body;
  const c = await createCustomer(srv, broker.token);
  const kept = await attachFile(srv, c.documents[0]!.id);
  await first.stop();

  const orphan = newStorageKey();
  writeFileSync(join(dir, "files", orphan), "%PDF-1.4 left behind by a crash");
  // Left by a run two hours ago: on a database several instances share (test:postgres) only files
  // older than an hour are taken for orphans, fresher ones may be another instance's upload.
  const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
  utimesSync(join(dir, "files", orphan), twoHoursAgo, twoHoursAgo);
  const second = await start();
  try {
    expect(existsSync(join(dir, "files", orphan))).toBe(false);
    expect(existsSync(join(dir, "files", kept))).toBe(true);
  } finally {
    await second.stop();
  }
});
