// `portal demo` fills a new data directory through the real services: the portal started on it
// lets the demo broker sign in and see customers in every stage, with real files behind them.
import { afterAll, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { loadConfig } from "../../src/config.ts";
import { createLogger } from "../../src/lib/log.ts";
import { startServer } from "../../src/server.ts";
import { runCli } from "../support/cli.ts";
import { tempDir } from "../support/server.ts";

const dir = join(tempDir("portal-demo-"), "demo");
afterAll(() => rmSync(join(dir, ".."), { recursive: true, force: true }));

test("a believable brokerage: 200 customers, documents in every status, notifications, nothing left to send", async () => {
  const res = await runCli(["demo", "--data", dir], { SMTP_URL: "smtp://127.0.0.1:1" });
  expect(res.stderr).toBe("");
  expect(res.exitCode).toBe(0);
  expect(res.stdout).toContain("2 brokers, 200 customers");
  expect(res.stdout).toContain('sign in as demo@example.com / "demo password"');

  const db = new Database(join(dir, "portal.sqlite"), { readonly: true });
  const count = (sql: string) => (db.query(sql).get() as { n: number }).n;
  expect(count("select count(*) as n from users")).toBe(2);
  expect(count("select count(*) as n from customers")).toBe(200);
  const statuses = (db.query("select distinct status from documents").all() as { status: string }[]).map((r) => r.status).sort();
  expect(statuses).toEqual(["approved", "need_to_resubmit", "overdue", "requested", "uploaded"]);
  expect(count("select count(*) as n from customers where invitation_status = 'accepted'")).toBeGreaterThan(0);
  expect(count("select count(*) as n from customers where invitation_status = 'pending'")).toBeGreaterThan(0);
  expect(count("select count(*) as n from notifications where audience = 'broker'")).toBeGreaterThan(0);
  expect(count("select count(*) as n from notifications where audience = 'customer'")).toBeGreaterThan(0);
  // Demo invitations never leave the machine, even with SMTP_URL set: all kept in the outbox.
  expect(count("select count(*) as n from emails where status <> 'logged'")).toBe(0);
  const fileDoc = db
    .query("select d.id from documents d join users u on u.id = d.broker_id where u.email = 'demo@example.com' and d.storage_key is not null limit 1")
    .get() as { id: string };
  db.close();

  const server = await startServer(loadConfig({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dir }), { log: createLogger("silent"), runScheduler: false });
  try {
    const signIn = await fetch(`${server.url}/api/auth/signin`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "demo@example.com", password: "demo password" }),
    });
    expect(signIn.status).toBe(200);
    const { token } = (await signIn.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    const customers = (await (await fetch(`${server.url}/api/customers`, { headers: auth })).json()) as unknown[];
    expect(customers).toHaveLength(170);
    const file = await fetch(`${server.url}/api/documents/${fileDoc.id}/download`, { headers: auth });
    expect(file.status).toBe(200);
    expect(new TextDecoder().decode((await file.bytes()).slice(0, 5))).toBe("%PDF-");
  } finally {
    await server.stop();
  }

  const again = await runCli(["demo", "--data", dir]);
  expect(again.exitCode).toBe(1);
  expect(again.stderr.trim()).toContain("already has broker accounts");
}, 30_000);
