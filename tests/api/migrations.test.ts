// Upgrading a database made before customers became one row per broker (migration 0003): every
// relationship, document and notification survives; links that several brokers were handed
// are replaced; passwords set without proof of the email are dropped.
import { afterAll, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { closeDatabase, migrateDatabase, openDatabase, readMigrationsFromDisk } from "../../db/client.ts";
import { tempDir } from "../support/server.ts";
import { dialect } from "../../db/dialect.ts";

const dir = tempDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// SQLite only: this test upgrades a SQLite database through its migrations; PostgreSQL keeps no such file.
if (dialect === "postgres") console.log("skipped on PostgreSQL: this test upgrades a SQLite database through its migrations");
test.skipIf(dialect === "postgres")("0003 splits a shared customer into one customer per broker and keeps everything else", () => {
  const db = openDatabase(dir);
  const all = readMigrationsFromDisk();
  const before = all.findIndex((m) => m.tag === "0003_customer_relationships");
  expect(before).toBeGreaterThan(0);
  migrateDatabase(db, all.slice(0, before));
  const run = (sql: string, ...args: any[]) => db.$client.query(sql).run(...args);
  const t = Date.UTC(2026, 0, 1);
  run("insert into users (id, email) values ('a', 'a@example.com'), ('b', 'b@example.com')");
  // Shared by two brokers (one link, a password), and one with a single broker.
  run("insert into customers (id, email, name, password_hash, upload_link, last_active_at) values ('c1', 'shared@example.com', 'Sam', 'hash', 'shared-link', ?)", t);
  run("insert into customers (id, email, name, upload_link) values ('c2', 'solo@example.com', 'Solo', 'solo-link')");
  run("insert into broker_customers (broker_id, customer_id, loan_type, invited_at) values ('a', 'c1', 'va', ?)", t);
  run("insert into broker_customers (broker_id, customer_id, display_name, invited_at, invitation_status) values ('b', 'c1', 'Samuel', ?, 'accepted')", t + 1);
  run("insert into broker_customers (broker_id, customer_id, invited_at) values ('a', 'c2', ?)", t);
  run("insert into documents (id, customer_id, broker_id, name) values ('d1', 'c1', 'a', 'Paystub'), ('d2', 'c1', 'b', 'Tax Returns'), ('d3', 'c2', 'a', 'Photo ID')");
  run("insert into notifications (id, audience, broker_id, customer_id, type, title, message) values ('n1', 'customer', 'b', 'c1', 'other', 'T', 'M'), ('n2', 'broker', 'a', null, 'other', 'T', 'M')");
  run("insert into customer_sessions (id, customer_id, expires_at) values ('s1', 'c1', ?)", t + 1e9);

  migrateDatabase(db, all);
  // 0021 renamed broker_id to workspace_id: each upgraded broker's workspace has the broker's id.
  const rows = db.$client.query("select * from customers order by workspace_id, email").all() as any[];
  expect(rows.map((r) => [r.workspace_id, r.email, r.name, r.loan_type, r.invitation_status])).toEqual([
    ["a", "shared@example.com", "Sam", "va", "pending"],
    ["a", "solo@example.com", "Solo", null, "pending"],
    // A new link goes back to pending, so the broker can resend the invitation that carries it.
    ["b", "shared@example.com", "Samuel", null, "pending"],
  ]);
  const [sharedA, solo, sharedB] = rows;
  expect(sharedA.id).toBe("c1"); // the first broker keeps the id
  expect(sharedB.id).not.toBe("c1");
  // The link every broker of the shared customer held is gone; the single broker's stays.
  expect([sharedA.upload_link, sharedB.upload_link]).not.toContain("shared-link");
  expect(sharedA.upload_link).not.toBe(sharedB.upload_link);
  expect(solo.upload_link).toBe("solo-link");

  const docs = db.$client.query("select id, customer_id from documents order by id").all() as any[];
  expect(docs).toEqual([
    { id: "d1", customer_id: sharedA.id },
    { id: "d2", customer_id: sharedB.id },
    { id: "d3", customer_id: solo.id },
  ]);
  expect(db.$client.query("select customer_id from notifications where id = 'n1'").get()).toEqual({ customer_id: sharedB.id });
  expect(db.$client.query("select count(*) as n from customer_accounts").get()).toEqual({ n: 0 });
  expect(db.$client.query("select count(*) as n from customer_sessions").get()).toEqual({ n: 0 });
  expect(db.$client.query("PRAGMA foreign_key_check").all()).toEqual([]);
  expect(db.$client.query("PRAGMA foreign_keys").get()).toEqual({ foreign_keys: 1 });
  closeDatabase(db);
});
