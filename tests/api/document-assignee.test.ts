// Each document carries its customer's assignee (documents.assignee_id), so that a member's
// dashboard reads a range of their own documents (docs/performance.md, "Workspaces"). Every write
// that gives a customer documents or another assignee keeps the two in step, in its transaction:
// creation, a further request, a shared file, an assignment, a bulk handover, a member's removal.
// Here each of them, then the documents the database holds against their customers' assignees,
// and the dashboard of the member who now has them.
import { afterAll, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { closeDatabase, migrateDatabase, openDatabase, readMigrationsFromDisk } from "../../db/client.ts";
import { closePostgres, migratePostgres, openPostgres, readPgMigrationsFromDisk } from "../../db/postgres.ts";
import { dialect } from "../../db/dialect.ts";
import { createEmptyDatabase, postgresInstalled } from "../support/postgres.ts";
import { tempDir, useTestServer, type Broker } from "../support/server.ts";
import { createCustomer } from "../support/fixtures.ts";
import { exec, rows, statement } from "../support/sql.ts";
import { realPdf } from "../files/samples.ts";

const srv = useTestServer();

/** Documents whose assignee is not their customer's (none, when every write kept them in step), and how many documents there are. */
async function outOfStep(): Promise<{ documents: number; outOfStep: string[] }> {
  const db = srv.server.ctx.db;
  const all = await rows<{ id: string; ok: number | boolean }>(
    db,
    statement("select d.id, (d.assignee_id is not null and d.assignee_id = c.assignee_id) as ok from documents d join customers c on c.id = d.customer_id"),
  );
  return { documents: all.length, outOfStep: all.filter((r) => !r.ok).map((r) => r.id) };
}

/** The names on a member's pending list, sorted. */
const pendingOf = async (member: Broker) => ((await srv.call("/api/pending-documents", { token: member.token })).body as { documentName: string }[]).map((d) => d.documentName).sort();

test("every write that gives a customer documents or another assignee moves the documents' assignee with it", async () => {
  const owner = await srv.signUpBroker({ email: "carry-owner@example.com" });
  const bea = await srv.signUpBroker({ email: "carry-bea@example.com" });
  const cy = await srv.signUpBroker({ email: "carry-cy@example.com" });
  const db = srv.server.ctx.db;
  const workspaceId = (await srv.call("/api/auth/user", { token: owner.token })).body.workspaceId;
  for (const member of [bea, cy]) await exec(db, statement("update workspace_members set workspace_id = ?, role = 'broker' where user_id = ?", workspaceId, member.user.id));
  await exec(db, statement("update workspaces set visibility = 'assigned' where id = ?", workspaceId));

  // Created (with its checklist), asked for more, sent a file: the owner's.
  const customer = await createCustomer(srv, owner.token, { requiredDocuments: [{ name: "Paystub" }, { name: "W-2" }] });
  const asked = await srv.call(`/api/customers/${customer.id}/request-documents`, { method: "POST", token: owner.token, body: { documentTypes: ["Tax Return"] } });
  expect(asked.status).toBeLessThan(300);
  const form = new FormData();
  form.append("documents", new Blob([realPdf()], { type: "application/pdf" }), "Closing.pdf");
  form.append("customerIds", JSON.stringify([customer.id]));
  expect((await srv.call("/api/documents/share", { method: "POST", token: owner.token, body: form })).status).toBeLessThan(300);
  expect(await outOfStep()).toEqual({ documents: 4, outOfStep: [] });
  const checklist = ["Paystub", "Tax Return", "W-2"];
  expect(await pendingOf(bea)).toEqual([]);

  // Assigned to Bea: her dashboard has them.
  expect((await srv.call(`/api/customers/${customer.id}/assignee`, { method: "PUT", token: owner.token, body: { memberId: bea.user.id } })).status).toBe(200);
  expect(await outOfStep()).toEqual({ documents: 4, outOfStep: [] });
  expect(await pendingOf(bea)).toEqual(checklist);

  // Bea's whole pipeline to Cy.
  expect((await srv.call("/api/customers/reassign", { method: "POST", token: owner.token, body: { fromMemberId: bea.user.id, toMemberId: cy.user.id } })).body).toEqual({ moved: 1 });
  expect(await outOfStep()).toEqual({ documents: 4, outOfStep: [] });
  expect({ bea: await pendingOf(bea), cy: await pendingOf(cy) }).toEqual({ bea: [], cy: checklist });

  // Cy leaves; his customers go back to the owner; a new request then is the owner's too.
  expect((await srv.call(`/api/workspace/members/${cy.user.id}?reassignTo=${owner.user.id}`, { method: "DELETE", token: owner.token })).status).toBe(200);
  expect(await outOfStep()).toEqual({ documents: 4, outOfStep: [] });
  expect((await srv.call(`/api/customers/${customer.id}/request-documents`, { method: "POST", token: owner.token, body: { documentTypes: ["Photo ID"] } })).status).toBeLessThan(300);
  expect(await outOfStep()).toEqual({ documents: 5, outOfStep: [] });
  expect((await srv.call("/api/pending-documents?assignee=me", { token: owner.token })).body.map((d: { documentName: string }) => d.documentName).sort()).toEqual([...checklist, "Photo ID"].sort());
});

// The upgrade: documents already there take their customer's assignee (the migration's own
// UPDATE), found by the migration's name whatever its number.
const BEFORE_UPGRADE = [
  "insert into users (id, email) values ('m1', 'm1@example.com'), ('m2', 'm2@example.com')",
  "insert into workspaces (id, name, claimed_domains) values ('w1', 'Brokerage', '[]')",
  "insert into customers (id, workspace_id, assignee_id, email, name, upload_link, invited_at) values ('c1', 'w1', 'm1', 'a@example.com', 'A', 'l1', ?), ('c2', 'w1', 'm2', 'b@example.com', 'B', 'l2', ?)",
  "insert into documents (id, customer_id, workspace_id, name) values ('d1', 'c1', 'w1', 'Paystub'), ('d2', 'c1', 'w1', 'W-2'), ('d3', 'c2', 'w1', 'Photo ID')",
];
const UPGRADED = [
  { id: "d1", assignee_id: "m1" },
  { id: "d2", assignee_id: "m1" },
  { id: "d3", assignee_id: "m2" },
];
const upgradeAt = (tags: string[]) => {
  const at = tags.findIndex((tag) => tag.endsWith("_document_assignee"));
  expect(at).toBeGreaterThan(0);
  return at;
};
const upgradeDir = tempDir("portal-document-assignee-upgrade-");
afterAll(() => rmSync(upgradeDir, { recursive: true, force: true }));

test.skipIf(dialect === "postgres")("upgrading (SQLite): every document takes its customer's assignee", () => {
  const all = readMigrationsFromDisk();
  const at = upgradeAt(all.map((m) => m.tag));
  const db = openDatabase(upgradeDir);
  try {
    migrateDatabase(db, all.slice(0, at));
    for (const text of BEFORE_UPGRADE) db.$client.query(text).run(...(text.includes("?") ? [Date.now(), Date.now()] : []));
    migrateDatabase(db, all.slice(0, at + 1));
    expect(db.$client.query("select id, assignee_id from documents order by id").all()).toEqual(UPGRADED);
  } finally {
    closeDatabase(db);
  }
});

test.skipIf(!postgresInstalled)("upgrading (PostgreSQL): every document takes its customer's assignee", async () => {
  const all = readPgMigrationsFromDisk();
  const at = upgradeAt(all.map((m) => m.tag));
  const db = openPostgres(await createEmptyDatabase());
  try {
    await migratePostgres(db, all.slice(0, at));
    for (const text of BEFORE_UPGRADE) {
      let n = 0;
      await db.$client.unsafe(text.replace(/\?/g, () => `$${++n}`), text.includes("?") ? [new Date().toISOString(), new Date().toISOString()] : []);
    }
    await migratePostgres(db, all.slice(0, at + 1));
    expect([...(await db.$client.unsafe("select id, assignee_id from documents order by id"))] as Record<string, unknown>[]).toEqual(UPGRADED);
  } finally {
    await closePostgres(db);
  }
});
