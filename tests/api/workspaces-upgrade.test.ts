// Upgrading to workspaces (SQLite migration 0021, PostgreSQL 0007) loses nothing: a database at the
// schema before it, with a row in every table that carried a broker's data, comes out with each
// broker the owner of a one-member workspace whose id is the broker's id, every row there with
// workspace_id = its old broker_id, every customer assigned to the broker who had it, and every
// other column as it was. On both databases.
import { afterAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { closeDatabase, migrateDatabase, openDatabase, readMigrationsFromDisk } from "../../db/client.ts";
import { closePostgres, migratePostgres, openPostgres, readPgMigrationsFromDisk, type PgDb } from "../../db/postgres.ts";
import { dialect } from "../../db/dialect.ts";
import { createEmptyDatabase, POSTGRES_MISSING, postgresInstalled } from "../support/postgres.ts";
import { tempDir } from "../support/server.ts";

/** The tables whose broker_id became workspace_id, and the columns that order their rows. */
const TENANT_TABLES: Record<string, string> = {
  customers: "id",
  documents: "id",
  document_expiries: "document_id",
  reminder_cadences: "document_id",
  reminder_pauses: "customer_id",
  reminder_settings: "broker_id",
  export_settings: "broker_id",
  subscriptions: "broker_id",
  checklist_templates: "id",
  audit_events: "id",
  audit_chain_heads: "broker_id",
};
/** Tables that keep their rows exactly (notifications stay per member). */
const UNCHANGED_TABLES: Record<string, string> = { users: "id", notifications: "id", broker_profiles: "broker_id", document_versions: "id" };

const T = Date.UTC(2026, 0, 15, 9, 30);
/** One row in every table that held a broker's data: three brokers, named three ways. */
const ROWS: [string, unknown[]][] = [
  ["insert into users (id, email, first_name, last_name) values ('b-acme', 'ann@acme.example', 'Ann', 'Lee'), ('b-named', 'bo@example.com', 'Bo', null), ('b-bare', 'cy@example.com', null, null)", []],
  ["insert into broker_profiles (broker_id, company, updated_at) values ('b-acme', 'Acme Lending', ?), ('b-named', '  ', ?)", [T, T]],
  ["insert into customers (id, broker_id, email, name, loan_type, upload_link, invited_at) values ('c1', 'b-acme', 'sam@example.com', 'Sam', 'va', 'link-1', ?), ('c2', 'b-named', 'sam@example.com', 'Samuel', null, 'link-2', ?)", [T, T + 1]],
  ["insert into documents (id, customer_id, broker_id, name, status, due_date) values ('d1', 'c1', 'b-acme', 'Paystub', 'approved', ?), ('d2', 'c2', 'b-named', 'Photo ID', 'requested', null)", [T]],
  ["insert into document_versions (id, document_id, storage_key, original_name, mime_type, file_size, uploaded_at, replaced_at) values ('v1', 'd1', 'k1', 'old.pdf', 'application/pdf', 12, ?, ?)", [T, T + 5]],
  ["insert into document_expiries (document_id, broker_id, customer_id, expires_on) values ('d1', 'b-acme', 'c1', '2027-01-01')", []],
  ["insert into reminder_cadences (document_id, broker_id, customer_id, almost_due_days, every_days, max_count) values ('d2', 'b-named', 'c2', 3, 2, 4)", []],
  ["insert into reminder_pauses (customer_id, broker_id, paused_at) values ('c2', 'b-named', ?)", [T]],
  ["insert into reminder_settings (broker_id, blackout_days, expiry_lead_days, updated_at) values ('b-acme', '[\"2026-12-25\"]', 30, ?)", [T]],
  ["insert into export_settings (broker_id, file_name_pattern, updated_at) values ('b-acme', '{customer} - {document}', ?)", [T]],
  ["insert into subscriptions (broker_id, plan, status, stripe_customer_id, updated_at) values ('b-acme', 'pro', 'active', 'cus_1', ?)", [T]],
  ["insert into checklist_templates (id, broker_id, name, name_key, documents, updated_at) values ('t1', 'b-bare', 'Refi', 'refi', '[]', ?)", [T]],
  ["insert into audit_events (id, broker_id, sequence, customer_id, customer_label, at, actor_kind, actor_id, actor_label, action, prev_hash, hash) values ('a1', 'b-acme', 1, 'c1', 'Sam', ?, 'broker', 'b-acme', 'Ann Lee', 'invited', 'genesis', 'h1')", [T]],
  ["insert into audit_chain_heads (broker_id, sequence, hash) values ('b-acme', 1, 'h1')", []],
  ["insert into notifications (id, audience, broker_id, customer_id, type, title, message) values ('n1', 'broker', 'b-named', 'c2', 'upload', 'T', 'M'), ('n2', 'customer', 'b-acme', 'c1', 'other', 'T', 'M')", []],
];

/** What the upgrade must have made of a row of a tenant table. */
function upgraded(table: string, row: Record<string, unknown>): Record<string, unknown> {
  const { broker_id, ...rest } = row;
  return { ...rest, workspace_id: broker_id, ...(table === "customers" ? { assignee_id: broker_id } : {}) };
}

const sortedBy = (key: string) => (rows: Record<string, unknown>[]) => rows.toSorted((a, b) => String(a[key]).localeCompare(String(b[key])));

interface Database {
  run(sql: string, params: unknown[]): Promise<void>;
  all(sql: string): Promise<Record<string, unknown>[]>;
}

/** Fills a database at the schema before workspaces, migrates it, and checks every row. */
async function upgradeLosesNothing(db: Database, migrateRest: () => Promise<void>) {
  for (const [sql, params] of ROWS) await db.run(sql, params);
  const before: Record<string, Record<string, unknown>[]> = {};
  for (const [table, key] of Object.entries({ ...TENANT_TABLES, ...UNCHANGED_TABLES })) before[table] = sortedBy(key)(await db.all(`select * from ${table}`));
  expect(Object.values(before).every((rows) => rows.length > 0)).toBe(true);

  await migrateRest();

  for (const [table, key] of Object.entries(TENANT_TABLES)) {
    const newKey = key === "broker_id" ? "workspace_id" : key;
    expect({ table, rows: sortedBy(newKey)(await db.all(`select * from ${table}`)) }).toEqual({ table, rows: before[table]!.map((r) => upgraded(table, r)) });
  }
  for (const [table, key] of Object.entries(UNCHANGED_TABLES)) {
    expect({ table, rows: sortedBy(key)(await db.all(`select * from ${table}`)) }).toEqual({ table, rows: before[table]! });
  }
  // A workspace per broker, named after the company, else the name, else the email; its owner.
  const workspaces = sortedBy("id")(await db.all("select id, name, visibility, claimed_domains, default_role from workspaces"));
  expect(workspaces.map((w) => [w.id, w.name, w.visibility, w.default_role])).toEqual([
    ["b-acme", "Acme Lending", "all", "broker"],
    ["b-bare", "cy@example.com", "all", "broker"],
    ["b-named", "Bo", "all", "broker"],
  ]);
  expect(workspaces.map((w) => (typeof w.claimed_domains === "string" ? JSON.parse(w.claimed_domains) : w.claimed_domains))).toEqual([[], [], []]);
  expect(sortedBy("user_id")(await db.all("select user_id, workspace_id, role from workspace_members"))).toEqual([
    { user_id: "b-acme", workspace_id: "b-acme", role: "owner" },
    { user_id: "b-bare", workspace_id: "b-bare", role: "owner" },
    { user_id: "b-named", workspace_id: "b-named", role: "owner" },
  ]);
  expect(await db.all("select * from workspace_invitations")).toEqual([]);
}

describe("upgrading to workspaces", () => {
  const dir = tempDir("portal-workspaces-upgrade-");
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // SQLite only here: this part upgrades a SQLite file (the PostgreSQL part below runs in every run).
  test.skipIf(dialect === "postgres")("SQLite (0021): every row kept, every broker the owner of their own workspace", async () => {
    const all = readMigrationsFromDisk();
    const at = all.findIndex((m) => m.tag === "0021_workspaces");
    expect(at).toBeGreaterThan(0);
    const db = openDatabase(dir);
    try {
      migrateDatabase(db, all.slice(0, at));
      await upgradeLosesNothing(
        {
          run: async (sql, params) => void db.$client.query(sql).run(...(params as never[])),
          all: async (sql) => db.$client.query(sql).all() as Record<string, unknown>[],
        },
        // Up to 0021 only: later migrations change broker_profiles again (workspace-branding-upgrade.test.ts).
        async () => migrateDatabase(db, all.slice(0, at + 1)),
      );
      expect(db.$client.query("PRAGMA foreign_key_check").all()).toEqual([]);
    } finally {
      closeDatabase(db);
    }
  });

  if (!postgresInstalled) console.log(`SKIPPED the PostgreSQL upgrade: ${POSTGRES_MISSING}`);
  test.skipIf(!postgresInstalled)("PostgreSQL (0007): every row kept, every broker the owner of their own workspace", async () => {
    const all = readPgMigrationsFromDisk();
    const at = all.findIndex((m) => m.tag === "0007_workspaces");
    expect(at).toBeGreaterThan(0);
    const db: PgDb = openPostgres(await createEmptyDatabase());
    try {
      await migratePostgres(db, all.slice(0, at));
      // Times as PostgreSQL keeps them (timestamptz); every ? becomes $1, $2 …
      await upgradeLosesNothing(
        {
          run: async (sql, params) => {
            let n = 0;
            await db.$client.unsafe(sql.replace(/\?/g, () => `$${++n}`), params.map((p) => (typeof p === "number" ? new Date(p).toISOString() : p)) as never[]);
          },
          all: async (sql) => [...(await db.$client.unsafe(sql))] as Record<string, unknown>[],
        },
        async () => migratePostgres(db, all.slice(0, at + 1)),
      );
    } finally {
      await closePostgres(db);
    }
  });
});
