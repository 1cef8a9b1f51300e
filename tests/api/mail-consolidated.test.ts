// One email where a broker's clicks would have sent several, against a real SMTP server: a
// customer's review outcomes within REVIEW_EMAIL_WINDOW_SECONDS (60) go out as one email listing
// each (a restart in between still sends it, once), and a customer added in Send Documents gets
// the share email alone instead of an empty invitation plus the share email.
import { describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { eq } from "drizzle-orm";
import { jobs } from "../../db/tables.ts";
import { ManualClock } from "../../src/lib/clock.ts";
import { write } from "../../src/lib/unit-of-work.ts";
import { createLogger } from "../../src/lib/log.ts";
import { startServer } from "../../src/server.ts";
import { attachFile, createCustomer } from "../support/fixtures.ts";
import type { Broker, TestServer } from "../support/server.ts";
import type { TestSmtp } from "../support/smtp.ts";

import { useSmtpPortalPerTest } from "../support/smtp-portal.ts";

const setup = useSmtpPortalPerTest();

const mailTo = (smtp: TestSmtp, email: string) => smtp.received.filter((m) => m.to.includes(email));
/** Text lines of a received email's plain part. */
const textOf = (body: string) => body.split(/\r?\n/).map((line) => line.trim());

/** A customer with three uploaded documents waiting for review, their invitation already delivered. */
async function customerWithUploads(srv: TestServer, broker: Broker, smtp: TestSmtp) {
  const customer = await createCustomer(srv, broker.token, { name: "Casey Client", requiredDocuments: [{ name: "Paystub" }, { name: "Bank Statement" }, { name: "Photo ID" }] });
  for (const doc of customer.documents) await attachFile(srv, doc.id);
  await srv.runJobs();
  expect(mailTo(smtp, customer.email).map((m) => m.subject)).toEqual(["Rita Reviewer invited you to upload your documents"]);
  smtp.received.length = 0;
  const byName = new Map(customer.documents.map((d) => [d.name, d.id]));
  return { customer, paystub: byName.get("Paystub")!, bank: byName.get("Bank Statement")!, photo: byName.get("Photo ID")! };
}

const review = (srv: TestServer, broker: Broker, id: string, body: unknown) =>
  srv.call(`/api/documents/${id}/verify`, { method: "POST", token: broker.token, body }).then((res) => expect(res.status).toBe(200));

describe("a customer's review outcomes", () => {
  test("three reviews within the window: one email listing the three outcomes with the reason; a later one alone reads as before", async () => {
    const { srv, smtp, broker } = await setup();
    const { customer, paystub, bank, photo } = await customerWithUploads(srv, broker, smtp);

    await review(srv, broker, paystub, { status: "approved" });
    srv.clock.advance(2_000);
    await review(srv, broker, bank, { status: "rejected", rejectionReason: "Page 2 is missing" });
    srv.clock.advance(2_000);
    await review(srv, broker, photo, { status: "approved" });
    await srv.runJobs();
    expect(mailTo(smtp, customer.email)).toHaveLength(0); // the window is still open

    srv.clock.advance(56_000); // 60 s after the first outcome
    await srv.runJobs();
    const mails = mailTo(smtp, customer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Rita Reviewer reviewed 3 of your documents");
    const lines = textOf(mails[0]!.body);
    expect(lines).toContain("Rita Reviewer reviewed 3 of your documents:");
    expect(lines).toContain("- Approved: Paystub");
    expect(lines).toContain("- Please re-submit: Bank Statement. Reason: Page 2 is missing");
    expect(lines).toContain("- Approved: Photo ID");
    expect(mails[0]!.body).toContain(customer.uploadLink);

    srv.clock.advance(10 * 60_000);
    await srv.runJobs();
    expect(mailTo(smtp, customer.email)).toHaveLength(1);

    // After the window, a new outcome is an email of its own, worded as a single review always was.
    await review(srv, broker, bank, { status: "approved" });
    srv.clock.advance(60_000);
    await srv.runJobs();
    const single = mailTo(smtp, customer.email)[1]!;
    expect(mailTo(smtp, customer.email)).toHaveLength(2);
    expect(single.subject).toBe("Approved: Bank Statement");
    expect(single.body).toContain("Rita Reviewer approved your Bank Statement. Nothing more is needed for this document.");
  });

  test("a single re-submit request keeps its own subject and reason", async () => {
    const { srv, smtp, broker } = await setup();
    const { customer, bank } = await customerWithUploads(srv, broker, smtp);
    await review(srv, broker, bank, { status: "rejected", rejectionReason: "Blurry" });
    srv.clock.advance(60_000);
    await srv.runJobs();
    const mails = mailTo(smtp, customer.email);
    expect(mails.map((m) => m.subject)).toEqual(["Please re-submit: Bank Statement"]);
    expect(mails[0]!.body).toContain("Rita Reviewer reviewed your Bank Statement and asks you to upload it again.");
    expect(mails[0]!.body).toContain("Reason: Blurry");
  });

  test("the portal restarts between the reviews and the send: the email still goes out, exactly once", async () => {
    const { srv, smtp, broker } = await setup();
    const { customer, paystub, bank, photo } = await customerWithUploads(srv, broker, smtp);
    await review(srv, broker, paystub, { status: "approved" });
    await review(srv, broker, bank, { status: "rejected", rejectionReason: "Page 2 is missing" });
    await review(srv, broker, photo, { status: "approved" });

    // Stopped inside the window: nothing in this process's memory survives. Started again on the
    // same database and files, a minute later.
    const config = srv.server.ctx.config;
    await srv.server.stop();
    const clock = new ManualClock(srv.clock.now().getTime() + 60_000);
    const again = await startServer(config, { clock, log: createLogger("silent"), runScheduler: false });
    setup.afterTest(async () => {
      await again.stop();
      rmSync(config.dataDir, { recursive: true, force: true });
    });
    expect(mailTo(smtp, customer.email)).toHaveLength(0);
    await again.scheduler.tick();
    clock.advance(60 * 60_000);
    await again.scheduler.tick();

    const mails = mailTo(smtp, customer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Rita Reviewer reviewed 3 of your documents");
    expect(textOf(mails[0]!.body)).toContain("- Please re-submit: Bank Statement. Reason: Page 2 is missing");

    // Stopped again right after the review job wrote its email, before the job was marked done:
    // run again, it writes nothing more.
    await write(again.ctx, (tx) => tx.update(jobs).set({ status: "pending", lockedUntil: null }).where(eq(jobs.kind, "review_email")));
    await again.scheduler.tick();
    clock.advance(60 * 60_000);
    await again.scheduler.tick();
    expect(mailTo(smtp, customer.email)).toHaveLength(1);
  });
});

describe("a new customer added in Send Documents", () => {
  /** What the dialog does: the customer is created (no documents), then the files are shared with them. */
  async function sendDocumentsToNewCustomer(srv: TestServer, broker: Broker, email: string) {
    const created = await srv.call("/api/customers", { method: "POST", token: broker.token, body: { email, name: "Newbie", requiredDocuments: [], shareFollows: true } });
    expect(created.status).toBe(201);
    return created.body as { id: string; uploadLink: string };
  }
  function share(srv: TestServer, broker: Broker, customerIds: string[]) {
    const form = new FormData();
    form.append("documents", new Blob(["%PDF-1.4\n% shared\n"], { type: "application/pdf" }), "Closing Disclosure.pdf");
    form.append("customerIds", JSON.stringify(customerIds));
    return srv.call("/api/documents/share", { method: "POST", body: form, token: broker.token });
  }

  test("gets exactly one email: the share, which stands for their invitation", async () => {
    const { srv, smtp, broker } = await setup();
    const customer = await sendDocumentsToNewCustomer(srv, broker, "newbie@example.com");
    srv.clock.advance(30_000); // the upload takes a while
    expect((await share(srv, broker, [customer.id])).status).toBe(201);
    await srv.runJobs();
    srv.clock.advance(24 * 60 * 60_000); // long past the invitation's hold
    await srv.runJobs();

    const mails = mailTo(smtp, "newbie@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Rita Reviewer shared 1 document with you");
    expect(mails[0]!.body).toContain("Rita Reviewer uses this secure portal to collect the documents for your file.");
    expect(mails[0]!.body).toContain("Closing Disclosure.pdf");
    expect(mails[0]!.body).toContain(`https://portal.example.com/upload/${customer.uploadLink}`);
  });

  test("an existing customer gets the share email as always; a new one whose share never comes still gets the invitation, unless deleted meanwhile", async () => {
    const { srv, smtp, broker } = await setup();
    const known = await createCustomer(srv, broker.token, { email: "known@example.com" });
    await srv.runJobs();
    smtp.received.length = 0;
    expect((await share(srv, broker, [known.id])).status).toBe(201);
    await srv.runJobs();
    expect(mailTo(smtp, "known@example.com").map((m) => m.subject)).toEqual(["Rita Reviewer shared 1 document with you"]);
    expect(mailTo(smtp, "known@example.com")[0]!.body).not.toContain("uses this secure portal");

    // The broker closed the dialog before sending: the invitation is not lost, only held.
    await sendDocumentsToNewCustomer(srv, broker, "abandoned@example.com");
    await srv.runJobs();
    expect(mailTo(smtp, "abandoned@example.com")).toHaveLength(0);
    srv.clock.advance(15 * 60_000);
    await srv.runJobs();
    expect(mailTo(smtp, "abandoned@example.com").map((m) => m.subject)).toEqual(["Rita Reviewer invited you to upload your documents"]);

    // Deleted while their invitation waits: it is never sent.
    const gone = await sendDocumentsToNewCustomer(srv, broker, "deleted@example.com");
    expect((await srv.call(`/api/customers/${gone.id}`, { method: "DELETE", token: broker.token })).status).toBe(200);
    srv.clock.advance(15 * 60_000);
    await srv.runJobs();
    expect(mailTo(smtp, "deleted@example.com")).toHaveLength(0);
  });
});
