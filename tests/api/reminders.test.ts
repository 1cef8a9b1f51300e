// Reminder emails a broker sends by hand (single and bulk); the scheduled ones are in scheduled.test.ts.
import { describe, expect, test } from "bun:test";
import { attachFile, createCustomer } from "../support/fixtures.ts";
import { useServerWithBroker } from "../support/server.ts";
import { row as firstRow, statement } from "../support/sql.ts";

const { srv, broker } = useServerWithBroker();

const get = (path: string, token = broker.token) => srv.call(path, { token });

describe("reminders", () => {
  test("one customer: email queued, last reminder recorded; a second within a minute is a 429", async () => {
    const c = await createCustomer(srv, broker.token, { name: "Cal" });
    const res = await srv.call(`/api/customer/${c.id}/send-reminder`, { method: "POST", token: broker.token });
    expect(res).toMatchObject({ status: 200, body: { sentCount: 1 } });
    const row = (await get(`/api/customer/${c.id}`)).body;
    expect(row.lastReminderAt).toBe(srv.clock.now().toISOString());
    const mail = (await firstRow(srv.server.ctx.db, statement(`select subject, text from emails where kind = 'reminder' and "to" = ?`, c.email))) as any;
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

  test("a document sent back for a re-submit is not in a broker's reminder (the SPEC's requested, incomplete or overdue), single or bulk", async () => {
    const b = await srv.signUpBroker();
    const c = await createCustomer(srv, b.token, { requiredDocuments: [{ name: "Paystub" }] });
    const doc = c.documents[0]!;
    await attachFile(srv, doc.id);
    const sentBack = await srv.call(`/api/documents/${doc.id}/verify`, { method: "POST", token: b.token, body: { status: "rejected", rejectionReason: "Blurry" } });
    expect(sentBack).toMatchObject({ status: 200, body: { status: "need_to_resubmit" } });

    expect(await srv.call(`/api/customer/${c.id}/send-reminder`, { method: "POST", token: b.token })).toMatchObject({
      status: 409,
      body: { message: "This customer has no documents waiting to be uploaded." },
    });
    expect((await srv.call("/api/send-bulk-reminders", { method: "POST", token: b.token })).body.sentCount).toBe(0);
  });
});
