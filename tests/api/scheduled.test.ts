// Time-driven work: overdue documents and scheduled reminders, with a clock the test moves.
import { expect, test } from "bun:test";
import { sqliteWriterClient } from "../../db/client.ts";
import { dialect } from "../../db/dialect.ts";
import { attachFile, createCustomer, daysAhead } from "../support/fixtures.ts";
import { useServerWithBroker } from "../support/server.ts";
import { rows, statement } from "../support/sql.ts";

const { srv, broker } = useServerWithBroker();

const HOUR = 3_600_000;
const reminders = async (email: string) =>
  ((await rows<any>(srv.server.ctx.db, statement(`select text from emails where kind = 'reminder' and "to" = ?`, email))) as { text: string }[]);
const statusOf = async (customerId: string) =>
  (await srv.call(`/api/customer/${customerId}/documents`, { token: broker.token })).body.map((d: any) => d.status);

test("a scheduled reminder goes out once when its time comes, listing the documents still owed", async () => {
  const c = await createCustomer(srv, broker.token, { dueDate: daysAhead(srv, 3), reminderTime: daysAhead(srv, 2) });
  await srv.runJobs();
  expect(await reminders(c.email)).toHaveLength(0);

  srv.clock.advance(2 * 24 * HOUR + 60_000);
  await srv.runJobs();
  const sent = await reminders(c.email);
  expect(sent).toHaveLength(1); // one email for both documents
  expect(sent[0]!.text).toContain("Paystub");
  expect(sent[0]!.text).toContain("Bank Statement");
  await srv.runJobs();
  expect(await reminders(c.email)).toHaveLength(1);
});

test("past its due time a waiting document becomes overdue; a new due date makes it waiting again", async () => {
  const c = await createCustomer(srv, broker.token, { dueDate: daysAhead(srv, 1) });
  srv.clock.advance(24 * HOUR + 60_000);
  await srv.runJobs();
  expect(await statusOf(c.id)).toEqual(["overdue", "overdue"]);
  const metrics = (await srv.call("/api/dashboard/metrics", { token: broker.token })).body;
  expect(metrics.overdueDocs).toBeGreaterThanOrEqual(2);

  const res = await srv.call(`/api/documents/${c.documents[0]!.id}/due-date`, { method: "PUT", token: broker.token, body: { dueDate: daysAhead(srv, 5) } });
  expect(res.body.status).toBe("requested");
  // Overdue documents still accept an upload.
  const portal = await srv.call(`/api/upload/${c.uploadLink}`);
  expect(portal.body.documents.every((d: any) => d.canUpload)).toBe(true);
});

test("a reminder missed while the portal was stopped goes out at the next start", async () => {
  const c = await createCustomer(srv, broker.token, { dueDate: daysAhead(srv, 3), reminderTime: daysAhead(srv, 1) });
  srv.clock.advance(2 * 24 * HOUR); // "the portal was down"
  // What the server does at start: the scheduler's first tick.
  await srv.runJobs();
  expect(await reminders(c.email)).toHaveLength(1);
});

test("an invitation's reminder that would go out with it (7-day due, the spec's 30-day lead) is not scheduled", async () => {
  const now = srv.clock.now();
  const due = new Date(now.getTime() + 7 * 24 * HOUR);
  const lead30 = new Date(due.getTime() - 30 * 24 * HOUR).toISOString();
  const c = await createCustomer(srv, broker.token, { dueDate: due.toISOString(), reminderTime: lead30 });
  expect(c.documents.every((d: any) => d.reminderAt === null)).toBe(true);
  await srv.runJobs();
  expect(await reminders(c.email)).toHaveLength(0);

  // The same for a reminder seconds after the request, and for requesting more documents later.
  const soon = new Date(now.getTime() + 30_000).toISOString();
  const more = await srv.call(`/api/customers/${c.id}/request-documents`, {
    method: "POST",
    token: broker.token,
    body: { documentTypes: ["Photo ID"], dueDate: due.toISOString(), reminderTime: soon },
  });
  expect(more.status).toBe(201);
  expect(more.body.documents[0].reminderAt).toBeNull();
  srv.clock.advance(60_000);
  await srv.runJobs();
  expect(await reminders(c.email)).toHaveLength(0);
});

// The scheduler sweeps every brokerage every 5 s on the event loop, so a sweep that reads every
// document holds every request meanwhile (27 ms at 100,000 documents). SQLite's own plans, for the
// statements a pass really runs, say which rows each one reads.
test.skipIf(dialect !== "sqlite")("the scheduler's pass reads documents by key or index, never the whole table", async () => {
  const client = srv.server.ctx.db.$client;
  const connections = [client, sqliteWriterClient(srv.server.ctx.db)]; // reads, and the transactions' own
  const seen = new Set<string>();
  const prepares = connections.map((c) => c.prepare);
  for (const c of connections) {
    const prepare = c.prepare.bind(c);
    c.prepare = ((text: string) => (seen.add(text), prepare(text))) as typeof c.prepare;
  }
  try {
    await srv.runJobs();
  } finally {
    connections.forEach((c, i) => (c.prepare = prepares[i]!));
  }
  const touching = [...seen].filter((text) => /"documents"/.test(text));
  expect(touching.length).toBeGreaterThanOrEqual(2); // overdue marking and due reminders, at least
  for (const text of touching) {
    const params = Array.from({ length: (text.match(/\?/g) ?? []).length }, () => 0);
    const plan = (client.query(`explain query plan ${text}`).all(...params) as { detail: string }[]).map((r) => r.detail);
    expect({ text, plan }).toEqual({ text, plan: expect.not.arrayContaining([expect.stringMatching(/^SCAN documents\b/)]) });
  }
});

// Last: it moves the clock two days on.
test("a scheduled reminder asks for what Send Reminder does: a document sent back for a re-submit is left out", async () => {
  const c = await createCustomer(srv, broker.token, { dueDate: daysAhead(srv, 3), reminderTime: daysAhead(srv, 2) });
  const [paystub, statement] = c.documents;
  await attachFile(srv, paystub!.id);
  const sentBack = await srv.call(`/api/documents/${paystub!.id}/verify`, { method: "POST", token: broker.token, body: { status: "rejected", rejectionReason: "Blurry" } });
  expect(sentBack.body.status).toBe("need_to_resubmit");

  srv.clock.advance(2 * 24 * HOUR + 60_000);
  await srv.runJobs();
  const sent = await reminders(c.email);
  expect(sent).toHaveLength(1);
  expect(sent[0]!.text).toContain(statement!.name);
  expect(sent[0]!.text).not.toContain(paystub!.name);
});
