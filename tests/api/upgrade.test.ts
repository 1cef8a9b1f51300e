// The README's upgrade procedure, tried: a database left by the previous release (every migration
// but the newest), then `portal serve` of this release on it. The portal copies the database
// before migrating, comes up, and the broker signs in as before.
import { afterAll, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { closeDatabase, migrateDatabase, openDatabase, readMigrationsFromDisk } from "../../db/client.ts";
import { hashPassword } from "../../src/lib/password.ts";
import { runCli, serveProcess, signInAt } from "../support/cli.ts";
import { tempDir } from "../support/server.ts";
import { dialect } from "../../db/dialect.ts";

const dir = tempDir("portal-upgrade-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// SQLite only: the upgrade test upgrades a SQLite file left by the previous release and its pre-migration copy; PostgreSQL keeps no such file.
if (dialect === "postgres") console.log("skipped on PostgreSQL: the upgrade test upgrades a SQLite file left by the previous release and its pre-migration copy");
test.skipIf(dialect === "postgres")("stop, replace the executable, start: a backup of the old database, then everything as before", async () => {
  const all = readMigrationsFromDisk();
  const previous = all.slice(0, -1);
  const old = openDatabase(dir);
  migrateDatabase(old, previous);
  old.$client.query("insert into users (id, email, password_hash, first_name) values ('u1', 'owner@example.com', ?, 'Olive')").run(await hashPassword("owner password 1"));
  // Since migration 0021 a broker signs in only as a member of a workspace (sign-up makes both).
  old.$client.run("insert into workspaces (id, name, claimed_domains) values ('u1', 'Olive', '[]')");
  old.$client.run("insert into workspace_members (user_id, workspace_id, role) values ('u1', 'u1', 'owner')");
  closeDatabase(old);

  const server = await serveProcess(dir);
  try {
    expect((await signInAt(server.url, "owner@example.com", "owner password 1")).status).toBe(200);
  } finally {
    expect(await server.stop()).toBe(0);
  }

  const copies = readdirSync(join(dir, "backups"));
  expect(copies).toHaveLength(1);
  expect(copies[0]).toMatch(new RegExp(`^pre-migration-.+-${previous.length}-migrations\\.sqlite$`));
  const copy = new Database(join(dir, "backups", copies[0]!), { readonly: true });
  expect(copy.query("select count(*) as n from __drizzle_migrations").get()).toEqual({ n: previous.length });
  expect(copy.query("select email from users").all()).toEqual([{ email: "owner@example.com" }]);
  copy.close();

  // Up to date now: doctor agrees, and starting again takes no second copy.
  const doctor = await runCli(["doctor", "--data", dir]);
  expect(doctor.stdout).toContain(`ok    Database schema: all ${all.length} migrations applied`);
  expect((await runCli(["migrate", "--data", dir])).exitCode).toBe(0);
  expect(readdirSync(join(dir, "backups"))).toHaveLength(1);
}, 30_000);
