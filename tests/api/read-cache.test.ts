import { afterAll, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { migrateDatabase, openDatabase } from "../../db/client.ts";
import { ManualClock } from "../../src/lib/clock.ts";
import { ReadCache } from "../../src/lib/read-cache.ts";
import { tempDir } from "../support/server.ts";

const dir = tempDir("portal-cache-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("a cached read is reused until any write, from this or another connection, or 10 s pass", () => {
  const db = openDatabase(dir);
  migrateDatabase(db);
  const clock = new ManualClock();
  const cache = new ReadCache(db.$client, clock);
  let computed = 0;
  const read = () => new TextDecoder().decode(cache.json("k", () => ({ n: ++computed })));

  expect(read()).toBe('{"n":1}');
  expect(read()).toBe('{"n":1}');

  db.$client.run("insert into users (id, email) values ('u1', 'a@example.com')");
  expect(read()).toBe('{"n":2}');

  const other = new Database(join(dir, "portal.sqlite")); // e.g. `portal admin create` while serving
  other.run("insert into users (id, email) values ('u2', 'b@example.com')");
  other.close();
  expect(read()).toBe('{"n":3}');

  clock.advance(10_000);
  expect(read()).toBe('{"n":4}');
  expect(read()).toBe('{"n":4}');
  db.$client.close();
});
