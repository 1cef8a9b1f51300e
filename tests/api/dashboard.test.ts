import { describe, expect, test } from "bun:test";
import { attachFile, createCustomer, daysAhead } from "../support/fixtures.ts";
import { useServerWithBroker } from "../support/server.ts";

const { srv, broker } = useServerWithBroker();

const get = (path: string, token = broker.token) => srv.call(path, { token });

describe("dashboard", () => {
  test("metrics, pending, completed today and overdue follow the documents", async () => {
    const empty = await get("/api/dashboard/metrics");
    expect(empty.body).toEqual({ totalCustomers: 0, pendingDocs: 0, overdueDocs: 0, completedToday: 0 });

    const a = await createCustomer(srv, broker.token, { name: "Ada", dueDate: daysAhead(srv, 1) });
    await createCustomer(srv, broker.token, { name: "Bob", requiredDocuments: [{ name: "Photo ID" }] });
    await attachFile(srv, a.documents[0]!.id);
    await srv.call(`/api/documents/${a.documents[0]!.id}/verify`, { method: "POST", token: broker.token, body: { status: "approved" } });

    expect((await get("/api/dashboard/metrics")).body).toEqual({ totalCustomers: 2, pendingDocs: 2, overdueDocs: 0, completedToday: 1 });
    const pending = await get("/api/pending-documents");
    expect(pending.body.map((r: any) => [r.customerName, r.documentName, r.status]).sort()).toEqual([
      ["Ada", a.documents[1]!.name, "requested"],
      ["Bob", "Photo ID", "requested"],
    ]);
    const completed = await get("/api/completed-documents");
    expect(completed.body).toEqual([
      expect.objectContaining({ customerId: a.id, customerName: "Ada", documentName: a.documents[0]!.name, status: "approved" }),
    ]);
    expect((await get("/api/shared-documents")).body).toEqual([]);

    srv.clock.advance(2 * 86_400_000); // Ada's remaining document is now past due; the approval was yesterday
    const later = (await get("/api/dashboard/metrics")).body;
    expect(later).toMatchObject({ overdueDocs: 1, completedToday: 0 });
    const list = (await get("/api/customers")).body;
    expect(list.find((c: any) => c.name === "Ada").documentCounts).toMatchObject({ total: 2, approved: 1, overdue: 1 });
  });

  test("another broker's dashboard shows none of it", async () => {
    const other = await srv.signUpBroker();
    expect((await get("/api/dashboard/metrics", other.token)).body).toEqual({ totalCustomers: 0, pendingDocs: 0, overdueDocs: 0, completedToday: 0 });
    expect((await get("/api/pending-documents", other.token)).body).toEqual([]);
    expect((await get("/api/customers", other.token)).body).toEqual([]);
  });
});

describe("reminders", () => {
  test("one customer: email queued, last reminder recorded; a second within a minute is a 429", async () => {
    const c = await createCustomer(srv, broker.token, { name: "Cal" });
    const res = await srv.call(`/api/customer/${c.id}/send-reminder`, { method: "POST", token: broker.token });
    expect(res).toMatchObject({ status: 200, body: { sentCount: 1 } });
    const row = (await get(`/api/customer/${c.id}`)).body;
    expect(row.lastReminderAt).toBe(srv.clock.now().toISOString());
    const mail = srv.server.ctx.db.$client.query(`select subject, text from emails where kind = 'reminder' and "to" = ?`).get(c.email) as any;
    expect(mail.text).toContain("Paystub");

    const again = await srv.call(`/api/customer/${c.id}/send-reminder`, { method: "POST", token: broker.token });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(0);
    srv.clock.advance(61_000);
    expect((await srv.call(`/api/customer/${c.id}/send-reminder`, { method: "POST", token: broker.token })).status).toBe(200);
  });

  test("a customer with nothing left to upload gets no reminder (409)", async () => {
    const c = await createCustomer(srv, broker.token, { requiredDocuments: [{ name: "Paystub" }] });
    await attachFile(srv, c.documents[0]!.id);
    const res = await srv.call(`/api/customer/${c.id}/send-reminder`, { method: "POST", token: broker.token });
    expect(res).toMatchObject({ status: 409, body: { message: "This customer has no documents waiting to be uploaded." } });
  });

  test("bulk: only customers with requested, incomplete or overdue documents are reminded", async () => {
    const b = await srv.signUpBroker();
    await createCustomer(srv, b.token, { requiredDocuments: [{ name: "Paystub" }] });
    await createCustomer(srv, b.token, { requiredDocuments: [{ name: "Paystub" }, { name: "Photo ID" }] });
    const done = await createCustomer(srv, b.token, { requiredDocuments: [{ name: "Paystub" }] });
    await attachFile(srv, done.documents[0]!.id);
    await createCustomer(srv, b.token, { requiredDocuments: [] });

    const res = await srv.call("/api/send-bulk-reminders", { method: "POST", token: b.token });
    expect(res).toMatchObject({ status: 200, body: { sentCount: 2, message: "Sent 2 reminder emails" } });
    // Within a minute, nobody is reminded twice; after it, they are again.
    expect((await srv.call("/api/send-bulk-reminders", { method: "POST", token: b.token })).body.sentCount).toBe(0);
    srv.clock.advance(61_000);
    expect((await srv.call("/api/send-bulk-reminders", { method: "POST", token: b.token })).body.sentCount).toBe(2);
  });
});
