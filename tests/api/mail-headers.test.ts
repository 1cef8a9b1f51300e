// What a received email says about itself, read from a real SMTP server: an HTML part a phone lays
// out at its width (doctype, lang, charset, viewport, title), and who it is from. A broker's email
// to their customer is From "<company or name> via <MAIL_FROM's name>" at MAIL_FROM's address,
// with Reply-To the broker; a system email (codes, resets) is From MAIL_FROM as set.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import addressparser from "nodemailer/lib/addressparser";
import { transaction } from "../../db/transaction.ts";
import { queueEmail } from "../../src/features/mail/service.ts";
import { createCustomer } from "../support/fixtures.ts";
import { startTestServer, type Broker, type TestServer } from "../support/server.ts";
import { startSmtp, type ReceivedMail, type TestSmtp } from "../support/smtp.ts";

let smtp: TestSmtp;
let srv: TestServer;
let broker: Broker;
beforeAll(async () => {
  smtp = await startSmtp();
  srv = await startTestServer({ SMTP_URL: smtp.url, PUBLIC_URL: "https://portal.example.com", MAIL_FROM: "Broker Portal <no-reply@portal.example.com>" });
  broker = await srv.signUpBroker({ email: "jane@brokerage.example", firstName: "Jane", lastName: "Broker" });
});
afterAll(async () => {
  await srv.stop();
  await smtp.stop();
});

/** A header as the message carries it, folded lines joined. */
const header = (raw: string, name: string) =>
  raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ").match(new RegExp(`^${name}:\\s*(.*)$`, "im"))?.[1]?.trim() ?? "";
/** The header's mailbox as a mail client reads it (RFC 2047 words decoded by nodemailer's own parser). */
const mailbox = (raw: string, name: string) => addressparser(header(raw, name), { flatten: true })[0];

async function invitationTo(email: string, token = broker.token): Promise<ReceivedMail> {
  await createCustomer(srv, token, { email });
  await srv.runJobs();
  const mail = smtp.received.find((m) => m.to.includes(email));
  if (!mail) throw new Error(`no email reached ${email}`);
  return mail;
}

describe("the HTML part", () => {
  test("has a head that makes it read on a phone: doctype, language, charset, viewport and the subject as title", async () => {
    const mail = await invitationTo("phone@example.com");
    const html = mail.body.slice(mail.body.indexOf("<!doctype html>"));
    expect(html.startsWith("<!doctype html><html lang=\"en\"><head>")).toBe(true);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain("<title>Jane Broker invited you to upload your documents</title>");
    expect(html.indexOf("</head><body")).toBeGreaterThan(html.indexOf("<title>"));
  });
});

describe("who an email is from", () => {
  test("a broker's email: their name via the portal's, at MAIL_FROM's address; replies go to the broker", async () => {
    const mail = await invitationTo("from-name@example.com");
    expect(mail.from).toBe("no-reply@portal.example.com"); // the envelope sender stays the portal's
    expect(mailbox(mail.raw, "From")).toEqual({ name: "Jane Broker via Broker Portal", address: "no-reply@portal.example.com" });
    expect(mailbox(mail.raw, "Reply-To")).toEqual({ name: "Jane Broker", address: "jane@brokerage.example" });
  });

  test("with a company in the profile, the company is the name; a comma or quotes in it stay inside the name", async () => {
    expect((await srv.call("/api/profile", { method: "PUT", token: broker.token, body: { company: 'Broker, "Best" Loans', contactEmail: "desk@brokerage.example" } })).status).toBe(200);
    const mail = await invitationTo("from-company@example.com");
    expect(mailbox(mail.raw, "From")).toEqual({ name: 'Broker, "Best" Loans via Broker Portal', address: "no-reply@portal.example.com" });
    expect(mailbox(mail.raw, "Reply-To")).toEqual({ name: 'Broker, "Best" Loans', address: "desk@brokerage.example" });
    expect(addressparser(header(mail.raw, "From"), { flatten: true })).toHaveLength(1);
  });

  test("a line break in a stored name never makes a header of its own", async () => {
    const { ctx } = srv.server;
    await transaction(ctx.db, (tx) =>
      queueEmail(ctx, tx, { kind: "invitation", to: "crlf@example.com", dedupeKey: "crlf", subject: "Hello", text: "Hi", html: "<p>Hi</p>", replyTo: '"Evil\r\nBcc: victim@example.com" <evil@example.com>' }),
    );
    await srv.runJobs();
    const mail = smtp.received.find((m) => m.to.includes("crlf@example.com"))!;
    expect(mail.to).toEqual(["crlf@example.com"]);
    expect(header(mail.raw, "Bcc")).toBe("");
    expect(mailbox(mail.raw, "From")).toEqual({ name: "Evil Bcc: victim@example.com via Broker Portal", address: "no-reply@portal.example.com" });
  });

  test("a system email (a password reset) is from MAIL_FROM as set, with no Reply-To", async () => {
    await srv.call("/api/auth/forgot-password", { method: "POST", body: { email: "jane@brokerage.example" } });
    await srv.runJobs();
    const mail = smtp.received.find((m) => m.to.includes("jane@brokerage.example"))!;
    expect(mailbox(mail.raw, "From")).toEqual({ name: "Broker Portal", address: "no-reply@portal.example.com" });
    expect(header(mail.raw, "Reply-To")).toBe("");
  });
});

test("MAIL_FROM without a name: a broker's email is from the broker's name alone", async () => {
  const plainSmtp = await startSmtp();
  const plain = await startTestServer({ SMTP_URL: plainSmtp.url, MAIL_FROM: "portal@example.com" });
  try {
    const someone = await plain.signUpBroker({ firstName: "Pat", lastName: "Plain" });
    await createCustomer(plain, someone.token, { email: "plain-from@example.com" });
    await plain.runJobs();
    const mail = plainSmtp.received.find((m) => m.to.includes("plain-from@example.com"))!;
    expect(mailbox(mail.raw, "From")).toEqual({ name: "Pat Plain", address: "portal@example.com" });
  } finally {
    await plain.stop();
    await plainSmtp.stop();
  }
});
