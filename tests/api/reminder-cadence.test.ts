// Reminder cadences end to end: the broker sets a cadence, the scheduler (ticked by hand, the
// clock moved by hand) sends each step through the outbox to a real SMTP server, on working days.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sendCadenceReminders } from "../../src/features/reminders/cadence.ts";
import { attachFile, createCustomer } from "../support/fixtures.ts";
import { startTestServer, type Broker, type TestServer } from "../support/server.ts";
import { startSmtp, type TestSmtp } from "../support/smtp.ts";
import { dayAt as at, goTo, nextMonday } from "../support/week-clock.ts";
import { exec, rows, statement } from "../support/sql.ts";

let smtp: TestSmtp;
let srv: TestServer;
beforeAll(async () => {
  smtp = await startSmtp();
  srv = await startTestServer({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await srv.stop();
  await smtp.stop();
});

const CADENCE = { almostDueDays: 3, everyDays: 2, maxCount: 3 };


/** A fresh session: the clock moves by days here, further than a session lasts. */
async function signIn(broker: Broker): Promise<string> {
  const res = await srv.call<{ token: string }>("/api/auth/signin", { method: "POST", body: { email: broker.user.email, password: "correct horse battery" } });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  return res.body.token;
}

const remindersTo = (email: string) => smtp.received.filter((m) => m.to.includes(email) && m.subject.startsWith("Reminder:"));
/** Two ticks: the first queues, the second (also) delivers; a step must still go out once. */
async function tick() {
  await srv.runJobs();
  await srv.runJobs();
}

/** A new broker and customer, invited on a Monday 10:00 with both documents due Friday of the next week, 17:00. */
async function invited(cadence: typeof CADENCE | null = CADENCE): Promise<{ broker: Broker; customer: Awaited<ReturnType<typeof createCustomer>>; monday: Date }> {
  const monday = nextMonday(srv.clock);
  goTo(srv.clock, monday);
  const broker = await srv.signUpBroker();
  const customer = await createCustomer(srv, broker.token, { dueDate: at(monday, 11, 17).toISOString() });
  if (cadence) {
    const res = await srv.call(`/api/customers/${customer.id}/reminders/cadence`, { method: "PUT", token: broker.token, body: { cadence } });
    expect(res).toMatchObject({ status: 200, body: { cadence, paused: false } });
  }
  await tick();
  return { broker, customer, monday };
}

describe("reminder cadence", () => {
  test("sends 3 days before the due date at 9:00, then every 2 days skipping the weekend, and stops after 3", async () => {
    const { customer, monday } = await invited();
    expect(remindersTo(customer.email)).toHaveLength(0);

    goTo(srv.clock, at(monday, 8, 8, 59)); // Tuesday of the next week, 8:59
    await tick();
    expect(remindersTo(customer.email)).toHaveLength(0);
    goTo(srv.clock, at(monday, 8, 9));
    await tick();
    const first = remindersTo(customer.email);
    expect(first).toHaveLength(1);
    expect(first[0]!.body).toContain("Paystub");
    expect(first[0]!.body).toContain("Bank Statement");

    goTo(srv.clock, at(monday, 10, 9)); // Thursday
    await tick();
    expect(remindersTo(customer.email)).toHaveLength(2);
    goTo(srv.clock, at(monday, 12, 9)); // Saturday: not on a weekend
    await tick();
    expect(remindersTo(customer.email)).toHaveLength(2);
    goTo(srv.clock, at(monday, 14, 9)); // Monday, past the due date: the third
    await tick();
    expect(remindersTo(customer.email)).toHaveLength(3);
    goTo(srv.clock, at(monday, 21, 9));
    await tick();
    expect(remindersTo(customer.email)).toHaveLength(3); // stopped after M
  });

  test("the broker's blackout days are skipped", async () => {
    const monday = nextMonday(srv.clock);
    goTo(srv.clock, monday);
    const b = await srv.signUpBroker();
    const tuesday = at(monday, 8, 0).toISOString().slice(0, 10);
    const saved = await srv.call("/api/reminder-settings", { method: "PUT", token: b.token, body: { blackoutDays: [tuesday], expiryLeadDays: 30 } });
    expect(saved).toMatchObject({ status: 200, body: { blackoutDays: [tuesday], expiryLeadDays: 30 } });
    const c = await createCustomer(srv, b.token, { dueDate: at(monday, 11, 17).toISOString() });
    await srv.call(`/api/customers/${c.id}/reminders/cadence`, { method: "PUT", token: b.token, body: { cadence: CADENCE } });
    goTo(srv.clock, at(monday, 8, 12));
    await tick();
    expect(remindersTo(c.email)).toHaveLength(0);
    goTo(srv.clock, at(monday, 9, 9)); // Wednesday
    await tick();
    expect(remindersTo(c.email)).toHaveLength(1);
  });

  test("waits while a document is under review; stops for it once approved or sent back (REMINDABLE, as Send Reminder)", async () => {
    const { broker, customer, monday } = await invited();
    const paystub = customer.documents.find((d) => d.name === "Paystub");
    const bank = customer.documents.find((d) => d.name === "Bank Statement");
    await attachFile(srv, paystub!.id);
    goTo(srv.clock, at(monday, 8, 9));
    await tick();
    // Paystub under review: only the bank statement is asked for.
    let sent = remindersTo(customer.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toContain("Bank Statement");
    expect(sent[0]!.body).not.toContain("Paystub");

    // The paystub is sent back, the bank statement arrives and is approved: nothing is asked for.
    const token = await signIn(broker);
    const again = await srv.call(`/api/documents/${paystub!.id}/verify`, { method: "POST", token, body: { status: "rejected", rejectionReason: "Blurry" } });
    expect(again.status).toBe(200);
    await attachFile(srv, bank!.id);
    expect((await srv.call(`/api/documents/${bank!.id}/verify`, { method: "POST", token, body: { status: "approved" } })).status).toBe(200);
    goTo(srv.clock, at(monday, 8, 11));
    await tick();
    expect(remindersTo(customer.email)).toHaveLength(1);
  });

  test("pause and resume per customer", async () => {
    const { broker, customer, monday } = await invited();
    const paused = await srv.call(`/api/customers/${customer.id}/reminders/pause`, { method: "POST", token: broker.token });
    expect(paused).toMatchObject({ status: 200, body: { paused: true, cadence: CADENCE } });
    goTo(srv.clock, at(monday, 8, 9));
    await tick();
    expect(remindersTo(customer.email)).toHaveLength(0);

    const token = await signIn(broker);
    const resumed = await srv.call(`/api/customers/${customer.id}/reminders/resume`, { method: "POST", token });
    expect(resumed).toMatchObject({ status: 200, body: { paused: false } });
    await tick(); // the step that came due while paused goes out now, once
    expect(remindersTo(customer.email)).toHaveLength(1);
    expect((await srv.call(`/api/customers/${customer.id}/reminders`, { token })).body).toEqual({ paused: false, cadence: CADENCE });
  });

  test("two scheduler ticks at once send each step once", async () => {
    const { customer, monday } = await invited();
    goTo(srv.clock, at(monday, 8, 9));
    await Promise.all([srv.runJobs(), srv.runJobs()]);
    await sendCadenceReminders(srv.server.ctx);
    await sendCadenceReminders(srv.server.ctx);
    await tick();
    expect(remindersTo(customer.email)).toHaveLength(1);
    const keys = (await rows<any>(srv.server.ctx.db, statement(`select dedupe_key from emails where kind = 'reminder' and "to" = ?`, customer.email)));
    expect(keys).toHaveLength(1);
  });

  test("no cadence: only the single reminder of the spec (none here), as before", async () => {
    const { customer, monday } = await invited(null);
    for (const day of [8, 10, 14]) {
      goTo(srv.clock, at(monday, day, 9));
      await tick();
    }
    expect(remindersTo(customer.email)).toHaveLength(0);
  });

  test("another broker's customer is a 404; bad cadences and settings a 400 with a message, changing nothing", async () => {
    const { customer, broker } = await invited();
    const other = await srv.signUpBroker();
    for (const [method, path] of [
      ["GET", `/api/customers/${customer.id}/reminders`],
      ["POST", `/api/customers/${customer.id}/reminders/pause`],
      ["POST", `/api/customers/${customer.id}/reminders/resume`],
    ] as const) {
      expect((await srv.call(path, { method, token: other.token })).status).toBe(404);
    }
    const foreign = await srv.call(`/api/customers/${customer.id}/reminders/cadence`, { method: "PUT", token: other.token, body: { cadence: null } });
    expect(foreign).toMatchObject({ status: 404, body: { message: "Customer not found" } });

    const bad = await srv.call(`/api/customers/${customer.id}/reminders/cadence`, {
      method: "PUT",
      token: broker.token,
      body: { cadence: { almostDueDays: 0, everyDays: 2, maxCount: 3 } },
    });
    expect(bad).toMatchObject({ status: 400, body: { message: "Days must be between 1 and 60" } });
    const tooMany = await srv.call(`/api/customers/${customer.id}/reminders/cadence`, {
      method: "PUT",
      token: broker.token,
      body: { cadence: { almostDueDays: 3, everyDays: 2, maxCount: 99 } },
    });
    expect(tooMany.status).toBe(400);
    expect((await srv.call(`/api/customers/${customer.id}/reminders`, { token: broker.token })).body.cadence).toEqual(CADENCE);

    const badDay = await srv.call("/api/reminder-settings", { method: "PUT", token: broker.token, body: { blackoutDays: ["2026-02-30"], expiryLeadDays: 30 } });
    expect(badDay).toMatchObject({ status: 400, body: { message: "Blackout days must be dates like 2026-12-24" } });
    const badLead = await srv.call("/api/reminder-settings", { method: "PUT", token: broker.token, body: { blackoutDays: [], expiryLeadDays: 0 } });
    expect(badLead.status).toBe(400);
    const partial = await srv.call("/api/reminder-settings", { method: "PUT", token: broker.token, body: { expiryLeadDays: 10 } });
    expect(partial.status).toBeGreaterThanOrEqual(400);
    expect(typeof partial.body.message).toBe("string");
    expect((await srv.call("/api/reminder-settings", { token: broker.token })).body).toMatchObject({ blackoutDays: [], expiryLeadDays: 30 });
  });

  test("other brokers' settings stay theirs", async () => {
    const a = await srv.signUpBroker();
    const b = await srv.signUpBroker();
    await srv.call("/api/reminder-settings", { method: "PUT", token: a.token, body: { blackoutDays: ["2030-12-24"], expiryLeadDays: 10 } });
    expect((await srv.call("/api/reminder-settings", { token: b.token })).body).toMatchObject({ blackoutDays: [], expiryLeadDays: 30 });
  });
});

describe("the time zone of the member a customer is assigned to (issue 40)", () => {
  test("a colleague's customer gets the cadence at 9:00 in the colleague's zone, not the founder's, and their settings say so", async () => {
    const monday = nextMonday(srv.clock);
    goTo(srv.clock, monday);
    const founder = await srv.signUpBroker(); // no zone of their own: UTC
    const colleague = await srv.signUpBroker();
    const workspaceId = (await srv.call("/api/auth/user", { token: founder.token })).body.workspaceId as string;
    await exec(srv.server.ctx.db, statement("update workspace_members set workspace_id = ?, role = 'broker' where user_id = ?", workspaceId, colleague.user.id));
    expect((await srv.call("/api/profile", { method: "PUT", token: colleague.token, body: { timeZone: "Asia/Tokyo" } })).status).toBe(200);
    expect((await srv.call("/api/reminder-settings", { token: colleague.token })).body.timeZone).toBe("Asia/Tokyo");
    expect((await srv.call("/api/reminder-settings", { token: founder.token })).body.timeZone).toBeNull();

    // Due Friday of the next week 17:00 UTC, which is Saturday 2:00 in Tokyo.
    const customer = await createCustomer(srv, founder.token, { dueDate: at(monday, 11, 17).toISOString() });
    expect((await srv.call(`/api/customers/${customer.id}/assignee`, { method: "PUT", token: founder.token, body: { memberId: colleague.user.id } })).status).toBe(200);
    expect((await srv.call(`/api/customers/${customer.id}/reminders/cadence`, { method: "PUT", token: colleague.token, body: { cadence: CADENCE } })).status).toBe(200);
    await tick();

    // In UTC the first step would go on Tuesday 9:00 UTC; in Tokyo it is Wednesday 9:00 there, 0:00 UTC.
    goTo(srv.clock, at(monday, 8, 23, 59));
    await tick();
    expect(remindersTo(customer.email)).toHaveLength(0);
    goTo(srv.clock, at(monday, 9, 0));
    await tick();
    expect(remindersTo(customer.email)).toHaveLength(1);
  });
});
