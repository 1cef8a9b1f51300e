// The broker screens' reads in a big workspace (issue 40, "Performance": a workspace of 50 members
// and 10,000 customers keeps every screen within 2× of a solo broker's). A broker who sees only
// their own customers must read those customers' documents, not walk the whole workspace's; the
// overview's "most urgent" order must read each customer's documents, not every waiting document
// of the workspace once per customer (over a minute at 10,000 customers); a customer's expiry
// dates are read by their documents, not the workspace's. Timings are the bench's
// (scripts/bench/workspace.ts); here SQLite's own plans, for the statements the reads really run,
// say which rows each one reads.
import { expect, test } from "bun:test";
import { sqliteWriterClient } from "../../db/client.ts";
import { dialect } from "../../db/dialect.ts";
import { attachFile, createCustomer } from "../support/fixtures.ts";
import { useTestServer } from "../support/server.ts";
import { exec, statement } from "../support/sql.ts";

const srv = useTestServer();

/** The SQL texts SQLite compiled while `work` ran, on both connections (reads and transactions). */
async function statementsOf(work: () => Promise<void>): Promise<string[]> {
  const client = srv.server.ctx.db.$client;
  const connections = [client, sqliteWriterClient(srv.server.ctx.db)];
  const seen = new Set<string>();
  const originals = connections.map((c) => ({ prepare: c.prepare, query: c.query }));
  for (const c of connections) {
    const prepare = c.prepare.bind(c);
    const query = c.query.bind(c);
    c.prepare = ((text: string) => (seen.add(text), prepare(text))) as typeof c.prepare;
    c.query = ((text: string) => (seen.add(text), query(text))) as typeof c.query;
  }
  try {
    await work();
  } finally {
    connections.forEach((c, i) => ((c.prepare = originals[i]!.prepare), (c.query = originals[i]!.query)));
  }
  return [...seen];
}

const planOf = (text: string) => {
  const params = Array.from({ length: (text.match(/\?/g) ?? []).length }, () => 0);
  return (srv.server.ctx.db.$client.query(`explain query plan ${text}`).all(...params) as { detail: string }[]).map((r) => r.detail);
};
/** The plan's steps that read documents. */
const documentSteps = (plan: string[]) => plan.filter((step) => /^(SEARCH|SCAN) documents\b/.test(step));

test.skipIf(dialect !== "sqlite")("a broker in assigned mode reads their own customers' documents by customer; the most-urgent order reads each customer's documents", async () => {
  const owner = await srv.signUpBroker({ email: "plans-owner@example.com" });
  const broker = await srv.signUpBroker({ email: "plans-broker@example.com" });
  const workspaceId = (await srv.call("/api/auth/user", { token: owner.token })).body.workspaceId;
  const db = srv.server.ctx.db;
  await exec(db, statement("update workspace_members set workspace_id = ?, role = 'broker' where user_id = ?", workspaceId, broker.user.id));
  await exec(db, statement("update workspaces set visibility = 'assigned' where id = ?", workspaceId));
  let brokersCustomer = "";
  for (let n = 0; n < 3; n++) {
    const c = await createCustomer(srv, owner.token);
    await attachFile(srv, c.documents[0]!.id);
    if (n > 0) await exec(db, statement("update customers set assignee_id = ? where id = ?", broker.user.id, (brokersCustomer = c.id)));
  }

  // The dashboard's counts of the broker's documents: one pass over them, not one per count.
  const metrics = await statementsOf(async () => void expect((await srv.call("/api/dashboard/metrics", { token: broker.token })).status).toBe(200));
  expect(metrics.filter((text) => /from "documents"/.test(text))).toHaveLength(1);

  // Every screen read of the broker that touches documents: each step on documents is by customer.
  const brokerReads = [
    "/api/dashboard/metrics",
    "/api/pending-documents",
    "/api/completed-documents",
    "/api/shared-documents",
    "/api/customers?assignee=me",
    "/api/customers",
    "/api/all-customers?page=1&pageSize=12&status=all&sort=urgency",
    `/api/customers/${brokersCustomer}/document-expiries`,
  ];
  const brokers = await statementsOf(async () => {
    for (const path of brokerReads) expect({ path, status: (await srv.call(path, { token: broker.token })).status }).toEqual({ path, status: 200 });
  });
  const onDocuments = brokers.filter((text) => /from "documents"/.test(text));
  expect(onDocuments.length).toBeGreaterThanOrEqual(5); // the counts, the lists, the list's counts, the order
  for (const text of onDocuments) {
    const steps = documentSteps(planOf(text));
    expect({ text, steps }).toEqual({ text, steps: steps.map(() => expect.stringContaining("customer_id=")) });
  }

  // A customer's expiry dates: by their documents' keys, not the workspace's expiries.
  const expiries = brokers.filter((text) => /from "document_expiries"/.test(text));
  expect(expiries).toHaveLength(1);
  const expirySteps = planOf(expiries[0]!).filter((step) => /^(SEARCH|SCAN) document_expiries\b/.test(step));
  expect(expirySteps).toEqual([expect.stringContaining("(document_id=?)")]);

  // The owner's overview: the whole workspace's customers, each one's documents by customer; the
  // pending list's customer names by id, not by walking the workspace's customers.
  const owners = await statementsOf(async () => {
    for (const path of ["/api/all-customers?page=1&pageSize=12&status=all&sort=urgency", "/api/pending-documents"]) {
      expect({ path, status: (await srv.call(path, { token: owner.token })).status }).toEqual({ path, status: 200 });
    }
  });
  const urgency = owners.filter((text) => /order by coalesce\(\(\(select min/.test(text));
  expect(urgency).toHaveLength(1);
  const urgencySteps = documentSteps(planOf(urgency[0]!));
  expect(urgencySteps.length).toBeGreaterThanOrEqual(3);
  expect(urgencySteps).toEqual(urgencySteps.map(() => expect.stringContaining("customer_id=")));
  const names = owners.filter((text) => /from "customers" where .*"customers"\."id" in \(/.test(text));
  expect(names.length).toBeGreaterThanOrEqual(1);
  for (const text of names) expect({ text, plan: planOf(text) }).toEqual({ text, plan: [expect.stringMatching(/^SEARCH customers USING INDEX sqlite_autoindex_customers_1 \(id=\?\)$/)] });
});
