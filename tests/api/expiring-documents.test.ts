// Expiring documents: an approved document carries an expiry date; N days before it the customer
// is asked for a current one automatically, once, by email (real SMTP) and notification; the
// dashboard lists what expires within 30 days.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { attachFile, createCustomer } from "../support/fixtures.ts";
import { connectLive } from "../support/live.ts";
import { startTestServer, type Broker, type TestServer } from "../support/server.ts";
import { startSmtp, type TestSmtp } from "../support/smtp.ts";
import { rows, statement } from "../support/sql.ts";

let smtp: TestSmtp;
let srv: TestServer;
beforeAll(async () => {
  smtp = await startSmtp();
  // A customer's review emails wait a window for more outcomes; a short one keeps the days exact.
  srv = await startTestServer({ SMTP_URL: smtp.url, REVIEW_EMAIL_WINDOW_SECONDS: "1" });
});
afterAll(async () => {
  await srv.stop();
  await smtp.stop();
});

const DAY = 86_400_000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const daysFromNow = (n: number) => dayOf(new Date(srv.clock.now().getTime() + n * DAY));
const signIn = async (b: Broker) =>
  (await srv.call<{ token: string }>("/api/auth/signin", { method: "POST", body: { email: b.user.email, password: "correct horse battery" } })).body.token;
const renewalMails = (email: string) => smtp.received.filter((m) => m.to.includes(email) && m.subject.startsWith("Please re-submit:"));
async function tick() {
  await srv.runJobs();
  srv.clock.advance(1_000); // past the review email's window
  await srv.runJobs();
}

/** A broker with a customer whose Photo ID is approved. */
async function approvedId() {
  const broker = await srv.signUpBroker();
  const customer = await createCustomer(srv, broker.token, { requiredDocuments: [{ name: "Photo ID" }] });
  const doc = customer.documents[0]!;
  await attachFile(srv, doc.id);
  const ok = await srv.call(`/api/documents/${doc.id}/verify`, { method: "POST", token: broker.token, body: { status: "approved" } });
  expect(ok.status).toBe(200);
  return { broker, customer, doc };
}

describe("expiring documents", () => {
  test("30 days before expiry the customer is asked for a current one, once; the dashboard shows it", async () => {
    const { broker, customer, doc } = await approvedId();
    const expiresOn = daysFromNow(45);
    const set = await srv.call(`/api/documents/${doc.id}/expiry`, { method: "PUT", token: broker.token, body: { expiresOn } });
    expect(set).toMatchObject({ status: 200, body: { documentId: doc.id, expiresOn } });
    await tick();
    expect(renewalMails(customer.email)).toHaveLength(0);
    // 45 days out is not "expiring soon" yet.
    expect((await srv.call("/api/dashboard/expiring-documents", { token: broker.token })).body.documents).toEqual([]);

    srv.clock.advance(14 * DAY); // 31 days left
    await tick();
    expect(renewalMails(customer.email)).toHaveLength(0);
    let token = await signIn(broker);
    expect((await srv.call("/api/dashboard/expiring-documents", { token })).body).toEqual({ withinDays: 30, documents: [] });

    srv.clock.advance(DAY); // 30 days left
    await tick();
    await tick();
    const mails = renewalMails(customer.email);
    expect(mails).toHaveLength(1);
    const written = new Date(`${expiresOn}T12:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
    expect(mails[0]!.body).toContain(`Expires on ${written}, please send a current one`);

    token = await signIn(broker);
    const docs = (await srv.call(`/api/customer/${customer.id}/documents`, { token })).body;
    expect(docs[0]).toMatchObject({ status: "need_to_resubmit", rejectionReason: `Expires on ${written}, please send a current one` });
    const listed = (await srv.call("/api/dashboard/expiring-documents", { token })).body.documents;
    expect(listed).toEqual([
      { documentId: doc.id, customerId: customer.id, customerName: expect.any(String), documentName: "Photo ID", expiresOn, renewalRequested: true },
    ]);
    const notes = (await rows<any>(srv.server.ctx.db, statement(`select message from notifications where customer_id = ? and title = 'Please send a current document'`, customer.id)));
    expect(notes).toHaveLength(1);

    // Uploaded and approved again, still with the old date: not asked a second time.
    await attachFile(srv, doc.id);
    await srv.call(`/api/documents/${doc.id}/verify`, { method: "POST", token, body: { status: "approved" } });
    srv.clock.advance(DAY);
    await tick();
    expect(renewalMails(customer.email)).toHaveLength(1);
  });

  test("the broker's lead time is used; clearing the date stops it", async () => {
    const { broker, customer, doc } = await approvedId();
    await srv.call("/api/reminder-settings", { method: "PUT", token: broker.token, body: { blackoutDays: [], expiryLeadDays: 7 } });
    await srv.call(`/api/documents/${doc.id}/expiry`, { method: "PUT", token: broker.token, body: { expiresOn: daysFromNow(10) } });
    srv.clock.advance(2 * DAY);
    await tick();
    expect(renewalMails(customer.email)).toHaveLength(0);
    const waiting = (await srv.call("/api/dashboard/expiring-documents", { token: broker.token })).body.documents;
    expect(waiting).toMatchObject([{ documentId: doc.id, renewalRequested: false }]);
    srv.clock.advance(DAY);
    await tick();
    expect(renewalMails(customer.email)).toHaveLength(1);

    const other = await approvedId();
    const token = await signIn(other.broker);
    await srv.call(`/api/documents/${other.doc.id}/expiry`, { method: "PUT", token, body: { expiresOn: daysFromNow(5) } });
    const cleared = await srv.call(`/api/documents/${other.doc.id}/expiry`, { method: "PUT", token, body: { expiresOn: null } });
    expect(cleared).toMatchObject({ status: 200, body: { expiresOn: null } });
    await tick();
    expect(renewalMails(other.customer.email)).toHaveLength(0);
  });

  test("only approved documents; bad dates are a 400; another broker's document is a 404", async () => {
    const broker = await srv.signUpBroker();
    const customer = await createCustomer(srv, broker.token, { requiredDocuments: [{ name: "Licence" }] });
    const open = customer.documents[0]!;
    const notApproved = await srv.call(`/api/documents/${open.id}/expiry`, { method: "PUT", token: broker.token, body: { expiresOn: daysFromNow(90) } });
    expect(notApproved).toMatchObject({ status: 409, body: { message: "Only an approved document can carry an expiry date." } });

    const { broker: owner, doc } = await approvedId();
    for (const expiresOn of ["2027-02-30", "tomorrow", "2027-1-5"]) {
      const bad = await srv.call(`/api/documents/${doc.id}/expiry`, { method: "PUT", token: owner.token, body: { expiresOn } });
      expect(bad).toMatchObject({ status: 400, body: { message: "Expiry date must be a date like 2027-05-31" } });
    }
    const foreign = await srv.call(`/api/documents/${doc.id}/expiry`, { method: "PUT", token: broker.token, body: { expiresOn: daysFromNow(90) } });
    expect(foreign.status).toBe(404);
    await srv.call(`/api/documents/${doc.id}/expiry`, { method: "PUT", token: owner.token, body: { expiresOn: daysFromNow(3) } });
    expect((await srv.call("/api/dashboard/expiring-documents", { token: broker.token })).body.documents).toEqual([]);
    expect((await srv.call("/api/dashboard/expiring-documents", { token: owner.token })).body.documents).toHaveLength(1);
  });
});

describe("editing an approved document's expiry date", () => {
  const isStatusChange = (m: any) => m.type === "data_update" && m.updateType === "document_status_changed";

  test("the customer page reads the dates; a new date moves the document out of Expiring soon, live", async () => {
    const { broker, customer, doc } = await approvedId();
    const expiries = () => srv.call(`/api/customers/${customer.id}/document-expiries`, { token: broker.token });
    const expiring = async () => (await srv.call("/api/dashboard/expiring-documents", { token: broker.token })).body.documents;
    expect(await expiries()).toMatchObject({ status: 200, body: { documents: [] } });

    const soon = daysFromNow(10);
    await srv.call(`/api/documents/${doc.id}/expiry`, { method: "PUT", token: broker.token, body: { expiresOn: soon } });
    expect((await expiries()).body).toEqual({ documents: [{ documentId: doc.id, expiresOn: soon, renewalRequested: false }] });
    expect((await expiring()).map((d: any) => d.documentId)).toEqual([doc.id]);

    const live = await connectLive(srv, { cookie: broker.cookie });
    live.send({ type: "auth", userId: broker.user.id });
    await live.next((m) => m.type === "auth_success");
    const later = daysFromNow(200);
    const moved = await srv.call(`/api/documents/${doc.id}/expiry`, { method: "PUT", token: broker.token, body: { expiresOn: later } });
    expect(moved).toMatchObject({ status: 200, body: { documentId: doc.id, expiresOn: later } });
    expect((await live.next(isStatusChange)).data).toMatchObject({ customerId: customer.id });
    expect((await expiries()).body.documents).toEqual([{ documentId: doc.id, expiresOn: later, renewalRequested: false }]);
    expect(await expiring()).toEqual([]);

    // Back within 30 days, then cleared: in and out of the panel again.
    await srv.call(`/api/documents/${doc.id}/expiry`, { method: "PUT", token: broker.token, body: { expiresOn: soon } });
    expect(await expiring()).toHaveLength(1);
    live.messages.length = 0;
    const cleared = await srv.call(`/api/documents/${doc.id}/expiry`, { method: "PUT", token: broker.token, body: { expiresOn: null } });
    expect(cleared).toMatchObject({ status: 200, body: { documentId: doc.id, expiresOn: null } });
    await live.next(isStatusChange);
    expect((await expiries()).body.documents).toEqual([]);
    expect(await expiring()).toEqual([]);
    live.close();
  });

  test("a bad edit changes nothing; another broker's customer or document is a 404", async () => {
    const { broker, customer, doc } = await approvedId();
    const kept = daysFromNow(20);
    await srv.call(`/api/documents/${doc.id}/expiry`, { method: "PUT", token: broker.token, body: { expiresOn: kept } });
    for (const body of [{ expiresOn: "31/05/2027" }, { expiresOn: "2027-13-01" }, { expiresOn: 20270531 }, {}]) {
      const bad = await srv.call(`/api/documents/${doc.id}/expiry`, { method: "PUT", token: broker.token, body });
      expect(bad.status).toBe(400);
      expect(typeof bad.body.message).toBe("string");
    }
    expect((await srv.call(`/api/customers/${customer.id}/document-expiries`, { token: broker.token })).body.documents).toMatchObject([{ expiresOn: kept }]);

    const stranger = await srv.signUpBroker();
    const peek = await srv.call(`/api/customers/${customer.id}/document-expiries`, { token: stranger.token });
    expect(peek).toMatchObject({ status: 404, body: { message: "Customer not found" } });
    const clear = await srv.call(`/api/documents/${doc.id}/expiry`, { method: "PUT", token: stranger.token, body: { expiresOn: null } });
    expect(clear.status).toBe(404);
    expect(typeof clear.body.message).toBe("string");
    expect((await srv.call(`/api/customers/${customer.id}/document-expiries`, { token: broker.token })).body.documents).toMatchObject([{ expiresOn: kept }]);
  });

  test("a document asked for again (its renewal came) takes no new date until it is approved again", async () => {
    const { broker, customer, doc } = await approvedId();
    await srv.call(`/api/documents/${doc.id}/expiry`, { method: "PUT", token: broker.token, body: { expiresOn: daysFromNow(5) } });
    await tick();
    const token = await signIn(broker);
    const docs = (await srv.call(`/api/customer/${customer.id}/documents`, { token })).body;
    expect(docs[0]).toMatchObject({ id: doc.id, status: "need_to_resubmit" });
    const refused = await srv.call(`/api/documents/${doc.id}/expiry`, { method: "PUT", token, body: { expiresOn: daysFromNow(400) } });
    expect(refused).toMatchObject({ status: 409, body: { message: "Only an approved document can carry an expiry date." } });
    expect((await srv.call(`/api/customers/${customer.id}/document-expiries`, { token })).body.documents).toMatchObject([
      { documentId: doc.id, expiresOn: daysFromNow(5), renewalRequested: true },
    ]);
  });
});
