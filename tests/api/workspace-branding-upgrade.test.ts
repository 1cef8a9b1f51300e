// Moving branding to the workspace (SQLite migration 0022, PostgreSQL 0008, "workspace_branding")
// loses nothing: each broker's company, accent colour and logo (bytes and key, so logo URLs in
// emails already sent keep working) become their workspace's; in a workspace of several members
// the founder's wins, then an owner's, then the first to join, field by field; every member's
// phone, contact email and time zone stay theirs. On both databases.
import { afterAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { closeDatabase, migrateDatabase, openDatabase, readMigrationsFromDisk } from "../../db/client.ts";
import { closePostgres, migratePostgres, openPostgres, readPgMigrationsFromDisk, type PgDb } from "../../db/postgres.ts";
import { dialect } from "../../db/dialect.ts";
import { createEmptyDatabase, POSTGRES_MISSING, postgresInstalled } from "../support/postgres.ts";
import { tempDir } from "../support/server.ts";

const T = Date.UTC(2026, 5, 1, 9, 30);
const bytes = (seed: number) => Buffer.from(Array.from({ length: 300 }, (_, i) => (i * seed + 7) % 256));

/**
 * b-acme: alone, with everything. b-plain: alone, a phone only (no branding to move).
 * b-team's workspace: the founder gave a company only; m-owner (made owner) a colour; m-early
 * (a broker who joined first) a colour, a company and a logo; m-late another logo. m-gone left
 * the workspace (no membership) with a logo of their own.
 */
const ROWS: [string, unknown[]][] = [
  [
    "insert into users (id, email, first_name, last_name) values ('b-acme', 'ann@acme.example', 'Ann', 'Lee'), ('b-plain', 'bo@example.com', null, null), ('b-team', 'tia@team.example', 'Tia', null), ('m-owner', 'oz@team.example', null, null), ('m-early', 'eve@team.example', null, null), ('m-late', 'lu@team.example', null, null), ('m-gone', 'gus@example.com', null, null)",
    [],
  ],
  ["insert into workspaces (id, name, claimed_domains) values ('b-acme', 'Acme Lending', '[]'), ('b-plain', 'bo@example.com', '[]'), ('b-team', 'Team', '[]')", []],
  [
    "insert into workspace_members (user_id, workspace_id, role, created_at) values ('b-acme', 'b-acme', 'owner', ?), ('b-plain', 'b-plain', 'owner', ?), ('b-team', 'b-team', 'owner', ?), ('m-early', 'b-team', 'broker', ?), ('m-owner', 'b-team', 'owner', ?), ('m-late', 'b-team', 'assistant', ?)",
    [T, T, T, T + 1, T + 2, T + 3],
  ],
  [
    "insert into broker_profiles (broker_id, company, phone, contact_email, accent_color, time_zone, updated_at) values " +
      "('b-acme', 'Acme Lending', '+1 555 0100', 'desk@acme.example', '#0f766e', 'Europe/Berlin', ?), " +
      "('b-plain', null, '+1 555 0111', null, null, null, ?), " +
      "('b-team', 'Team Mortgages', null, null, null, 'America/Chicago', ?), " +
      "('m-owner', null, '+1 555 0122', null, '#111111', null, ?), " +
      "('m-early', 'Eve''s Loans', null, 'eve.desk@team.example', '#222222', null, ?), " +
      "('m-gone', 'Gus Co', '+1 555 0133', null, '#333333', null, ?)",
    [T + 10, T + 11, T + 12, T + 13, T + 14, T + 15],
  ],
  [
    "insert into broker_logos (broker_id, key, mime_type, data, created_at) values ('b-acme', 'key-acme', 'image/png', ?, ?), ('m-early', 'key-early', 'image/jpeg', ?, ?), ('m-late', 'key-late', 'image/png', ?, ?), ('m-gone', 'key-gone', 'image/png', ?, ?)",
    [bytes(3), T + 20, bytes(5), T + 21, bytes(7), T + 22, bytes(11), T + 23],
  ],
];

interface Database {
  run(sql: string, params: unknown[]): Promise<void>;
  all(sql: string): Promise<Record<string, unknown>[]>;
}

const byKey = (key: string) => (rows: Record<string, unknown>[]) => rows.toSorted((a, b) => String(a[key]).localeCompare(String(b[key])));

async function brandingMovesToWorkspaces(db: Database, migrateRest: () => Promise<void>) {
  for (const [sql, params] of ROWS) await db.run(sql, params);
  const profiles = byKey("broker_id")(await db.all("select * from broker_profiles"));
  const logos = new Map((await db.all("select * from broker_logos")).map((r) => [r.broker_id as string, r]));
  const updatedAt = (id: string) => profiles.find((p) => p.broker_id === id)!.updated_at;

  await migrateRest();

  // Each member keeps their own contact details and time zone, exactly; only the branding left.
  expect(byKey("broker_id")(await db.all("select * from broker_profiles"))).toEqual(profiles.map(({ company: _c, accent_color: _a, ...rest }) => rest));
  // The workspace's branding: field by field, the founder's, else an owner's, else the first to join.
  expect(byKey("workspace_id")(await db.all("select * from workspace_branding"))).toEqual([
    { workspace_id: "b-acme", company: "Acme Lending", accent_color: "#0f766e", updated_at: updatedAt("b-acme") },
    { workspace_id: "b-team", company: "Team Mortgages", accent_color: "#111111", updated_at: updatedAt("m-early") },
  ]);
  // Logos keep their key, type, bytes and time; the workspace's is its founder's, else the first to join.
  const moved = byKey("workspace_id")(await db.all("select * from workspace_logos"));
  expect(moved.map((l) => ({ ...l, data: Buffer.from(l.data as Uint8Array).toString("hex") }))).toEqual(
    [["b-acme", "b-acme"], ["b-team", "m-early"]].map(([workspace, broker]) => {
      const { broker_id: _b, ...logo } = logos.get(broker!)!;
      return { workspace_id: workspace, ...logo, data: Buffer.from(logo.data as Uint8Array).toString("hex") };
    }),
  );
}

/** The migration by its name, whatever number it is given when merged. */
const branding = (tags: string[]) => tags.findIndex((tag) => tag.endsWith("_workspace_branding"));

describe("moving branding to the workspace", () => {
  const dir = tempDir("portal-branding-upgrade-");
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test.skipIf(dialect === "postgres")("SQLite: logos, colours and companies move to the workspace; contact details stay the member's", async () => {
    const all = readMigrationsFromDisk();
    const at = branding(all.map((m) => m.tag));
    expect(at).toBeGreaterThan(0);
    const db = openDatabase(dir);
    try {
      migrateDatabase(db, all.slice(0, at));
      await brandingMovesToWorkspaces(
        {
          run: async (sql, params) => void db.$client.query(sql).run(...(params as never[])),
          all: async (sql) => db.$client.query(sql).all() as Record<string, unknown>[],
        },
        async () => migrateDatabase(db, all),
      );
      expect(db.$client.query("select name from sqlite_master where name = 'broker_logos'").all()).toEqual([]);
      expect(db.$client.query("PRAGMA foreign_key_check").all()).toEqual([]);
    } finally {
      closeDatabase(db);
    }
  });

  if (!postgresInstalled) console.log(`SKIPPED the PostgreSQL branding upgrade: ${POSTGRES_MISSING}`);
  test.skipIf(!postgresInstalled)("PostgreSQL: logos, colours and companies move to the workspace; contact details stay the member's", async () => {
    const all = readPgMigrationsFromDisk();
    const at = branding(all.map((m) => m.tag));
    expect(at).toBeGreaterThan(0);
    const db: PgDb = openPostgres(await createEmptyDatabase());
    try {
      await migratePostgres(db, all.slice(0, at));
      // Times as PostgreSQL keeps them (timestamptz); every ? becomes $1, $2 …
      await brandingMovesToWorkspaces(
        {
          run: async (sql, params) => {
            let n = 0;
            await db.$client.unsafe(sql.replace(/\?/g, () => `$${++n}`), params.map((p) => (typeof p === "number" ? new Date(p).toISOString() : p)) as never[]);
          },
          all: async (sql) => [...(await db.$client.unsafe(sql))] as Record<string, unknown>[],
        },
        async () => migratePostgres(db, all),
      );
      expect([...(await db.$client.unsafe("select to_regclass('broker_logos') as t"))] as unknown[]).toEqual([{ t: null }]);
    } finally {
      await closePostgres(db);
    }
  });
});
