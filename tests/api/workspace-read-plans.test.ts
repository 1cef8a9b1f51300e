// The broker screens' reads in a big workspace (issue 40, "Performance": a workspace of 50 members
// and 10,000 customers keeps every screen within 2× of a solo broker's). A broker who sees only
// their own customers must read those customers' documents, not walk the whole workspace's; the
// overview's "most urgent" order must read each customer's documents, not every waiting document
// of the workspace once per customer (over a minute at 10,000 customers); a customer's expiry
// dates are read by their documents, not the workspace's. And a broker's own customers and their
// documents are ranges of an index as narrow as a solo broker's (the second test): the counts from
// index entries alone, the pages in order along (workspace, assignee), the expiring documents
// customer by customer. Timings and counts of rows read are the bench's (scripts/bench/workspace.ts,
// docs/performance.md); here SQLite's own plans, for the statements the reads really run, say which
// rows each one reads.
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

/** A workspace in "assigned" mode: its owner, a broker, three customers (the last two the broker's), each with a file. */
async function assignedWorkspace(tag: string) {
  const owner = await srv.signUpBroker({ email: `plans-${tag}-owner@example.com` });
  const broker = await srv.signUpBroker({ email: `plans-${tag}-broker@example.com` });
  const workspaceId = (await srv.call("/api/auth/user", { token: owner.token })).body.workspaceId;
  const db = srv.server.ctx.db;
  await exec(db, statement("update workspace_members set workspace_id = ?, role = 'broker' where user_id = ?", workspaceId, broker.user.id));
  await exec(db, statement("update workspaces set visibility = 'assigned' where id = ?", workspaceId));
  let brokersCustomer = "";
  for (let n = 0; n < 3; n++) {
    const c = await createCustomer(srv, owner.token);
    await attachFile(srv, c.documents[0]!.id);
    if (n > 0) expect((await srv.call(`/api/customers/${(brokersCustomer = c.id)}/assignee`, { method: "PUT", token: owner.token, body: { memberId: broker.user.id } })).status).toBe(200);
  }
  return { owner, broker, brokersCustomer };
}

/** The statements `token`'s reads of `paths` ran, each asked for with a 200. */
const statementsOfReads = (token: string, paths: string[]) =>
  statementsOf(async () => {
    for (const path of paths) expect({ path, status: (await srv.call(path, { token })).status }).toEqual({ path, status: 200 });
  });

/** The plan's steps on one table. */
const stepsOn = (table: string, plan: string[]) => plan.filter((step) => new RegExp(`^(SEARCH|SCAN) ${table}\\b`).test(step));

test.skipIf(dialect !== "sqlite")("a broker in assigned mode reads their own customers' documents by customer; the most-urgent order reads each customer's documents", async () => {
  const { owner, broker, brokersCustomer } = await assignedWorkspace("by-customer");

  // Every screen read of the broker that touches documents per customer: each step on documents
  // is by customer (the dashboard's counts and lists go by the documents' assignee: the last test).
  const brokerReads = [
    "/api/customers?assignee=me",
    "/api/customers",
    "/api/all-customers?page=1&pageSize=12&status=all&sort=urgency",
    `/api/customers/${brokersCustomer}/document-expiries`,
  ];
  const brokers = await statementsOf(async () => {
    for (const path of brokerReads) expect({ path, status: (await srv.call(path, { token: broker.token })).status }).toEqual({ path, status: 200 });
  });
  // The most-urgent order's walk of due dates (its own plan, below) aside.
  const isWalk = (text: string) => /order by "documents"."due_date" asc, "documents"."created_at" asc limit \? offset \?$/.test(text);
  const walks = brokers.filter(isWalk);
  expect(walks).toHaveLength(1);
  expect(planOf(walks[0]!)).toEqual([expect.stringMatching(/^SEARCH documents USING INDEX documents_workspace_assignee_due_idx \(workspace_id=\? AND assignee_id=\?( AND due_date>\?)?\)$/)]);
  const onDocuments = brokers.filter((text) => /from "documents"/.test(text) && !isWalk(text));
  expect(onDocuments.length).toBeGreaterThanOrEqual(3); // the lists' counts, the order, the customer's documents
  for (const text of onDocuments) {
    const steps = documentSteps(planOf(text));
    expect({ text, steps }).toEqual({ text, steps: steps.map(() => expect.stringContaining("customer_id=")) });
  }

  // A customer's expiry dates: the customer's own, not the workspace's expiries.
  const expiries = brokers.filter((text) => /from "document_expiries"/.test(text));
  expect(expiries).toHaveLength(1);
  expect(stepsOn("document_expiries", planOf(expiries[0]!))).toEqual([expect.stringContaining("document_expiries_customer_idx (customer_id=?)")]);

  // The owner's overview: the whole workspace's customers, each one's documents by customer; the
  // pending list's customer names by id, not by walking the workspace's customers.
  const owners = await statementsOf(async () => {
    for (const path of ["/api/all-customers?page=1&pageSize=12&status=all&sort=urgency", "/api/pending-documents"]) {
      expect({ path, status: (await srv.call(path, { token: owner.token })).status }).toEqual({ path, status: 200 });
    }
  });
  const ownersWalks = owners.filter(isWalk);
  expect(ownersWalks).toHaveLength(1);
  expect(planOf(ownersWalks[0]!)).toEqual([expect.stringMatching(/^SEARCH documents USING INDEX documents_workspace_due_idx \(workspace_id=\?( AND due_date>\?)?\)$/)]);
  const urgency = owners.filter((text) => /order by coalesce\(\(\(select min/.test(text));
  expect(urgency).toHaveLength(1);
  const urgencySteps = documentSteps(planOf(urgency[0]!));
  expect(urgencySteps.length).toBeGreaterThanOrEqual(3);
  expect(urgencySteps).toEqual(urgencySteps.map(() => expect.stringContaining("customer_id=")));
  const names = owners.filter((text) => /from "customers" where .*"customers"\."id" in \(/.test(text));
  expect(names.length).toBeGreaterThanOrEqual(1);
  for (const text of names) expect({ text, plan: planOf(text) }).toEqual({ text, plan: [expect.stringMatching(/^SEARCH customers USING INDEX sqlite_autoindex_customers_1 \(id=\?\)$/)] });
});

test.skipIf(dialect !== "sqlite")("a broker in assigned mode reads index ranges of their own: counts from the index alone, pages along (workspace, assignee), expiring documents by customer", async () => {
  const { owner, broker } = await assignedWorkspace("ranges");

  // The most-urgent order: each customer's documents from the index entries alone (status, due
  // date, verified), not their rows.
  const counting = await statementsOfReads(broker.token, ["/api/all-customers?page=1&pageSize=12&status=all&sort=urgency"]);
  const urgency = counting.filter((text) => /order by coalesce\(\(\(select min/.test(text));
  expect(urgency).toHaveLength(1);
  for (const text of urgency) {
    const steps = documentSteps(planOf(text));
    expect(steps.length).toBeGreaterThanOrEqual(1);
    expect({ text, steps }).toEqual({ text, steps: steps.map(() => expect.stringMatching(/^SEARCH documents USING COVERING INDEX documents_customer_idx \(customer_id=\?/)) });
  }

  // All Customers' pages (newest first, by name, searched, invitation pending; the owner's "Mine"
  // too): the member's own entries of the workspace, in the page's order, not a walk of the
  // workspace's customers in that order keeping the member's (page 8 read 10,000 rows for 25).
  const pages = [
    "/api/all-customers?page=2&pageSize=1&status=all&sort=-invitedAt",
    "/api/all-customers?page=1&pageSize=1&status=all&sort=name",
    "/api/all-customers?page=1&pageSize=25&status=all&sort=-invitedAt&q=example",
    "/api/all-customers?page=1&pageSize=25&status=pending&sort=-invitedAt",
  ];
  const brokersPages = await statementsOfReads(broker.token, pages);
  const ownersPages = await statementsOfReads(owner.token, pages.map((path) => `${path}&assignee=me`));
  const onCustomers = [...brokersPages, ...ownersPages].filter((text) => /from "customers" where .*"customers"."assignee_id" = \?/.test(text));
  expect(onCustomers.length).toBeGreaterThanOrEqual(8); // a count and a page for each
  for (const text of onCustomers) {
    const plan = planOf(text);
    expect({ text, steps: stepsOn("customers", plan) }).toEqual({ text, steps: [expect.stringContaining("(workspace_id=? AND assignee_id=?)")] });
    // Newest first is the index's own order: no sorting of the member's customers.
    if (/order by "customers"."invited_at" desc/.test(text)) expect({ text, plan }).toEqual({ text, plan: plan.filter((step) => !step.startsWith("USE TEMP B-TREE")) });
  }

  // The dashboard's expiring documents: each of the member's customers' expiries, not the workspace's.
  const expiring = (await statementsOfReads(broker.token, ["/api/dashboard/expiring-documents"])).filter((text) => /from "document_expiries"/.test(text));
  expect(expiring).toHaveLength(1);
  expect(stepsOn("document_expiries", planOf(expiring[0]!))).toEqual([expect.stringMatching(/^SEARCH document_expiries USING INDEX document_expiries_customer_idx \(customer_id=\? AND expires_on<\?\)$/)]);
});

test.skipIf(dialect !== "sqlite")("a broker in assigned mode reads the dashboard's counts and lists as ranges of their own documents, in due order, as a solo broker reads the workspace's", async () => {
  const { broker } = await assignedWorkspace("assignee");
  const ownRange = "(workspace_id=? AND assignee_id=?";
  // (An owner's "Mine", ?assignee=me, runs the same prepared statements: they are compiled once.)
  const onDocuments = async (path: string) => (await statementsOfReads(broker.token, [path])).filter((text) => /from "documents"/.test(text));

  // The counts (pending, overdue, approved today): each ranges of the member's entries by status
  // (in either of the member's status indexes); approved today by verification time.
  const counts = await onDocuments("/api/dashboard/metrics");
  expect(counts).toHaveLength(3);
  for (const text of counts) {
    const plan = planOf(text);
    expect({ text, plan }).toEqual({ text, plan: [expect.stringMatching(/^SEARCH documents USING (COVERING )?INDEX documents_workspace_assignee_status_(due|verified)_idx \(workspace_id=\? AND assignee_id=\? AND status=\?/)] });
  }
  const approvedToday = counts.filter((text) => /"verified_at" >= \?/.test(text));
  expect(approvedToday).toHaveLength(1);
  expect(planOf(approvedToday[0]!)).toEqual([`SEARCH documents USING COVERING INDEX documents_workspace_assignee_status_verified_idx ${ownRange} AND status=? AND verified_at>?)`]);
  // The pending list walks the member's documents in due order and stops at its limit: no sort.
  const pending = await onDocuments("/api/pending-documents");
  expect(pending).toHaveLength(1);
  expect(planOf(pending[0]!)).toEqual([`SEARCH documents USING INDEX documents_workspace_assignee_due_idx ${ownRange})`]);
  // The shared list: the member's shared documents, in due order. The completed list: the member's
  // approvals of today by verification time, then in due order (a sort of today's only).
  const shared = await onDocuments("/api/shared-documents");
  expect(shared).toHaveLength(1);
  expect(planOf(shared[0]!)).toEqual([`SEARCH documents USING INDEX documents_workspace_assignee_status_due_idx ${ownRange} AND status=?)`]);
  const completed = await onDocuments("/api/completed-documents");
  expect(completed).toHaveLength(1);
  expect(planOf(completed[0]!)).toEqual([`SEARCH documents USING INDEX documents_workspace_assignee_status_verified_idx ${ownRange} AND status=? AND verified_at>?)`, "USE TEMP B-TREE FOR ORDER BY"]);
});

test.skipIf(dialect !== "sqlite")("the overview whose page lies among the customers with a due date ranks no customer: it walks the waiting documents in due order", async () => {
  const { owner, broker } = await assignedWorkspace("walk");
  // Every waiting document gets a due date: the first page of the order is theirs.
  const due = Date.parse("2030-01-01T00:00:00Z");
  await exec(srv.server.ctx.db, statement("update documents set due_date = ? where status in ('requested', 'overdue') and workspace_id = (select workspace_id from workspace_members where user_id = ?)", due, owner.user.id));
  for (const [token, path] of [[broker.token, ""], [owner.token, ""], [owner.token, "&assignee=me"]] as const) {
    const overview = `/api/all-customers?page=1&pageSize=1&status=all&sort=urgency${path}`;
    const ran = await statementsOfReads(token, [overview]);
    expect({ overview, ranking: ran.filter((text) => /order by coalesce\(\(\(select min/.test(text)) }).toEqual({ overview, ranking: [] });
    expect((await srv.call(overview, { token })).body.customers.length).toBeGreaterThan(0);
  }
});
