// Reminders on signature documents over real SMTP (issue 41: "the same due dates, reminders
// (cadences) and notifications as a document request"). A reminder that falls on a signature
// document asks whoever has to sign now: the customer in their reminder email only until they have
// signed; every other signer in turn gets a reminder of their own, with their link, under the
// broker's branding and Reply-To. The broker's Send Reminder, a cadence step and the single
// scheduled reminder (reminderTime) each do so; a request past its due date asks no one.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { realPdf } from "../files/samples.ts";
import { createCustomer } from "../support/fixtures.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { field, requestSignature, tokenOf, typed } from "../support/signatures.ts";
import { startSmtp, waitFor, type ReceivedMail, type TestSmtp } from "../support/smtp.ts";
import { dayAt as at, goTo, nextMonday } from "../support/week-clock.ts";

let smtp: TestSmtp;
let srv: TestServer;
beforeAll(async () => {
  smtp = await startSmtp();
  srv = await startTestServer({ SMTP_URL: smtp.url, PUBLIC_URL: "https://portal.example.com" });
});
afterAll(async () => {
  await srv.stop();
  await smtp.stop();
});

const header = (raw: string, name: string) => raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ").match(new RegExp(`^${name}:\\s*(.*)$`, "im"))?.[1]?.trim() ?? "";
const remindersTo = (email: string) => smtp.received.filter((m) => m.to.includes(email) && m.subject.startsWith("Reminder:"));
async function tick() {
  await srv.runJobs();
  await srv.runJobs();
}
async function reminderCount(email: string, n: number): Promise<ReceivedMail[]> {
  await tick();
  await waitFor(() => remindersTo(email).length >= n, 20_000, `${n} reminders to ${email}`);
  return remindersTo(email);
}

/** Monday 10:00: a branded broker, a customer with two documents and a signature request from them and a co-signer, all due Friday next week. */
async function requested(options: { ordered?: boolean; reminderTime?: Date; cadence?: boolean } = {}) {
  const monday = nextMonday(srv.clock);
  goTo(srv.clock, monday);
  const broker = await srv.signUpBroker();
  expect((await srv.call("/api/profile", { method: "PUT", token: broker.token, body: { company: "Acme Lending", accentColor: "#0f766e", contactEmail: "desk@acme.example" } })).status).toBe(200);
  const due = at(monday, 11, 17);
  const customer = await createCustomer(srv, broker.token, { name: "Grace Hopper", dueDate: due.toISOString() });
  const co = `co.${crypto.randomUUID().slice(0, 8)}@example.com`;
  const res = await requestSignature(srv, broker.token, customer.id, {
    pdf: realPdf(1),
    request: {
      name: "Engagement letter",
      dueDate: due.toISOString(),
      ...(options.reminderTime ? { reminderTime: options.reminderTime.toISOString() } : {}),
      ordered: options.ordered ?? false,
      signers: [
        { email: customer.email, name: "Grace Hopper" },
        { email: co, name: "Alan Turing" },
      ],
      fields: [field({ type: "signature" }), field({ type: "signature", signer: 1, y: 0.4 })],
    } as never,
  });
  expect(res.status).toBe(201);
  if (options.cadence) {
    const cadence = { almostDueDays: 3, everyDays: 2, maxCount: 3 };
    expect((await srv.call(`/api/customers/${customer.id}/reminders/cadence`, { method: "PUT", token: broker.token, body: { cadence } })).status).toBe(200);
  }
  await tick();
  return { broker, customer, co, request: res.body, monday, link: `https://portal.example.com/sign/${tokenOf(srv, res.body.signers[1].id)}` };
}

const signAsCustomer = async (link: string, id: string) =>
  expect((await srv.call(`/api/upload/${link}/signature-requests/${id}/sign`, { method: "POST", body: { consent: true, signature: typed("Grace Hopper") } })).status).toBe(200);

function expectSignerReminder(mail: ReceivedMail, link: string) {
  expect(mail.subject).toMatch(/^Reminder: .+ asks you to sign Engagement letter$/);
  expect(mail.body).toContain("is still waiting for your signature on Engagement letter");
  expect(mail.body).toContain(link);
  // The broker's branding and Reply-To, as on every email to the customer's side.
  expect(header(mail.raw, "Reply-To")).toContain("desk@acme.example");
  expect(mail.body).toContain("Acme Lending");
  expect(mail.body).toContain("#0f766e");
}

describe("reminders on a signature document", () => {
  test("Send Reminder, then a cadence step: the co-signer is reminded with their link; the customer only until they sign", async () => {
    const { broker, customer, co, request, monday, link } = await requested({ cadence: true });
    expect(remindersTo(co)).toHaveLength(0);

    // By hand, before anyone signed: the customer's reminder lists it to sign, Alan gets his own.
    expect((await srv.call(`/api/customer/${customer.id}/send-reminder`, { method: "POST", token: broker.token })).status).toBe(200);
    const [mine] = await reminderCount(customer.email, 1);
    expect(mine!.body).toContain("Engagement letter (to sign)");
    const [first] = await reminderCount(co, 1);
    expectSignerReminder(first!, link);

    // Grace signs; the cadence's first step (3 days before the due date, 9:00) reminds Alan, and
    // Grace only of her documents still to upload.
    await signAsCustomer(customer.uploadLink, request.id);
    goTo(srv.clock, at(monday, 8, 9));
    const theirs = await reminderCount(co, 2);
    expectSignerReminder(theirs[1]!, link);
    const customers = await reminderCount(customer.email, 2);
    expect(customers[1]!.body).toContain("Paystub");
    expect(customers[1]!.body).not.toContain("Engagement letter");
    const trail = await srv.call(`/api/customer/${customer.id}/audit`, { token: await signIn(broker.user.email) });
    expect(trail.body.entries.filter((e: any) => e.action === "reminder_sent").map((e: any) => e.detail)).toContainEqual(expect.stringContaining(`Engagement letter (${co})`));
  });

  test("the scheduled reminder (reminderTime) in an ordered request asks the customer first, then the co-signer in turn; once past due, no one", async () => {
    const monday = nextMonday(srv.clock);
    const { broker, customer, co, request, link } = await requested({ ordered: true, reminderTime: at(monday, 3, 12) });
    goTo(srv.clock, at(monday, 3, 12));
    const [mine] = await reminderCount(customer.email, 1);
    expect(mine!.body).toContain("Engagement letter (to sign)");
    expect(remindersTo(co)).toHaveLength(0); // not his turn yet
    await signAsCustomer(customer.uploadLink, request.id);

    // Alan's turn: Send Reminder reaches him; Grace is reminded of her uploads only.
    const sendReminder = async () => expect((await srv.call(`/api/customer/${customer.id}/send-reminder`, { method: "POST", token: await signIn(broker.user.email) })).status).toBe(200);
    await sendReminder();
    const [his] = await reminderCount(co, 1);
    expectSignerReminder(his!, link);
    const customers = await reminderCount(customer.email, 2);
    expect(customers[1]!.body).not.toContain("Engagement letter");

    // Past its due date it can no longer be signed: reminders leave it out for everyone.
    goTo(srv.clock, at(monday, 12, 10));
    await sendReminder();
    const after = await reminderCount(customer.email, 3);
    expect(after[2]!.body).not.toContain("Engagement letter");
    expect(remindersTo(co)).toHaveLength(1);
  });
});

async function signIn(email: string): Promise<string> {
  const res = await srv.call<{ token: string }>("/api/auth/signin", { method: "POST", body: { email, password: "correct horse battery" } });
  expect(res.status).toBe(200);
  return res.body.token;
}
