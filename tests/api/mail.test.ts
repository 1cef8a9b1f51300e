// The outbox and the scheduler, against a real SMTP server.
import { afterEach, describe, expect, test } from "bun:test";
import { and, eq, inArray } from "drizzle-orm";
import { emails, jobs } from "../../db/tables.ts";
import { deliverEmail, queueEmail, retryEmail, SEND_EMAIL_JOB } from "../../src/features/mail/service.ts";
import { invitationEmail } from "../../src/features/mail/templates.ts";
import { jobHandlers } from "../../src/jobs.ts";
import { addToBatch, enqueueJob, Scheduler, takeBatch } from "../../src/lib/jobs.ts";
import type { Logger } from "../../src/lib/log.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { freePort, startSmtp } from "../support/smtp.ts";
import { write } from "../../src/lib/unit-of-work.ts";
import { transaction } from "../../db/transaction.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function setup(env: Record<string, string> = {}, options: { log?: Logger } = {}) {
  const srv = await startTestServer({ PUBLIC_URL: "https://portal.example.com", ...env }, options);
  cleanups.push(() => srv.stop());
  return srv;
}
async function smtp(port?: number) {
  const server = await startSmtp(port);
  cleanups.push(() => server.stop());
  return server;
}

function queueInvitation(srv: TestServer, n = 1, key = `invitation:${n}`) {
  const { ctx } = srv.server;
  const content = invitationEmail({
    customerName: `Casey ${n}`,
    brokerName: "Bree Broker",
    uploadUrl: `${ctx.config.publicUrl}/upload/link-${n}`,
    documents: [{ name: "Paystub" }, { name: "Bank Statement", dueDate: new Date("2026-12-01T17:00:00Z") }],
  });
  return transaction(ctx.db, async (tx) => queueEmail(ctx, tx, { kind: "invitation", to: `casey${n}@example.com`, dedupeKey: key, ...content }));
}

const emailRow = async (srv: TestServer, id: string) => (await srv.server.ctx.db.select().from(emails).where(eq(emails.id, id)))[0]!;
const jobFor = async (srv: TestServer, emailId: string) =>
  (await srv.server.ctx.db.select().from(jobs)).find((j) => j.kind === SEND_EMAIL_JOB && j.payload.emailId === emailId)!;

describe("delivery", () => {
  test("a queued email arrives with its recipient, subject and a link built from PUBLIC_URL, once", async () => {
    const mail = await smtp();
    const srv = await setup({ SMTP_URL: mail.url, MAIL_FROM: "Portal <portal@example.com>" });
    const id = (await queueInvitation(srv))!;
    expect((await emailRow(srv, id)).status).toBe("pending");

    expect(await srv.runJobs()).toBe(1);
    expect(mail.received).toHaveLength(1);
    const [got] = mail.received;
    expect(got!.to).toEqual(["casey1@example.com"]);
    expect(got!.from).toBe("portal@example.com");
    expect(got!.subject).toBe("Bree Broker invited you to upload your documents");
    expect(got!.body).toContain("https://portal.example.com/upload/link-1");
    expect(got!.messageId).toBe(`<${id}@portal.example.com>`);

    const row = await emailRow(srv, id);
    expect(row.status).toBe("sent");
    expect(row.sentAt).toBeInstanceOf(Date);
    expect((await jobFor(srv, id)).status).toBe("done");

    expect(await srv.runJobs()).toBe(0);
    expect(mail.received).toHaveLength(1);
  });

  test("the email is part of the caller's transaction: a rolled-back change leaves no email and no job", async () => {
    const srv = await setup();
    const { ctx } = srv.server;
    expect(() =>
      transaction(ctx.db, async (tx) => {
        await queueEmail(ctx, tx, { kind: "invitation", to: "x@example.com", dedupeKey: "k", subject: "s", text: "t", html: "h" });
        throw new Error("the customer could not be saved");
      }),
    ).toThrow("the customer could not be saved");
    expect(await ctx.db.select().from(emails)).toHaveLength(0);
    expect(await ctx.db.select().from(jobs)).toHaveLength(0);
  });

  test("an email with the same dedupe key is queued once", async () => {
    const mail = await smtp();
    const srv = await setup({ SMTP_URL: mail.url });
    expect(await queueInvitation(srv, 1, "same")).toBeString();
    expect(await queueInvitation(srv, 2, "same")).toBeNull();
    await srv.runJobs();
    expect(mail.received).toHaveLength(1);
  });

  test("with no SMTP_URL the email is kept in the outbox as logged and its link is logged", async () => {
    const lines: string[] = [];
    const log: Logger = { debug() {}, warn() {}, error() {}, info: (m, f) => lines.push(m + " " + JSON.stringify(f)) };
    const srv = await setup({}, { log });
    const id = (await queueInvitation(srv))!;
    await srv.runJobs();
    expect((await emailRow(srv, id)).status).toBe("logged");
    expect(lines.join("\n")).toContain("https://portal.example.com/upload/link-1");
    expect(lines.join("\n")).toContain("casey1@example.com");
  });
});

describe("failures", () => {
  test("SMTP down, then up: the email waits, is retried after its pause, and arrives once", async () => {
    const port = await freePort();
    const srv = await setup({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const id = (await queueInvitation(srv))!;

    await srv.runJobs();
    const waiting = await emailRow(srv, id);
    expect(waiting.status).toBe("pending");
    expect(waiting.lastError).toContain("ECONNREFUSED");
    const job = await jobFor(srv, id);
    expect(job.status).toBe("pending");
    expect(job.attempts).toBe(1);
    expect(job.runAt.getTime()).toBe(srv.clock.now().getTime() + 30_000);

    const mail = await smtp(port);
    expect(await srv.runJobs()).toBe(0); // not due yet
    srv.clock.advance(30_000);
    expect(await srv.runJobs()).toBe(1);
    expect(mail.received).toHaveLength(1);
    expect(await emailRow(srv, id)).toMatchObject({ status: "sent", attempts: 2 });
    srv.clock.advance(60 * 60_000);
    await srv.runJobs();
    expect(mail.received).toHaveLength(1);
  });

  test("a permanent refusal (5xx) fails at once with the server's answer; retry sends it again", async () => {
    const mail = await smtp();
    mail.refuseWith = { code: 550, message: "No such mailbox" };
    const srv = await setup({ SMTP_URL: mail.url });
    const id = (await queueInvitation(srv))!;

    await srv.runJobs();
    expect((await emailRow(srv, id)).status).toBe("failed");
    expect((await emailRow(srv, id)).lastError).toContain("No such mailbox");
    expect((await jobFor(srv, id)).status).toBe("failed");
    srv.clock.advance(24 * 60 * 60_000);
    await srv.runJobs();
    expect(mail.received).toHaveLength(0);

    mail.refuseWith = null;
    await retryEmail(srv.server.ctx, id);
    expect(async () => retryEmail(srv.server.ctx, id)).toThrow("Only failed emails can be retried");
    await srv.runJobs();
    expect(mail.received).toHaveLength(1);
    expect((await emailRow(srv, id)).status).toBe("sent");
  });

  test("after its last try an email is kept as failed with the last error", async () => {
    const port = await freePort();
    const srv = await setup({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const id = (await queueInvitation(srv))!;
    for (let i = 0; i < 10; i++) {
      await srv.runJobs();
      srv.clock.advance(2 * 60 * 60_000);
    }
    expect(await emailRow(srv, id)).toMatchObject({ status: "failed", attempts: 8 });
    expect((await emailRow(srv, id)).lastError).toContain("ECONNREFUSED");
    expect(await jobFor(srv, id)).toMatchObject({ status: "failed", attempts: 8 });
  });
});

describe("the scheduler's bookkeeping", () => {
  test("a pass marks its finished jobs done together, and a failing job beside them is retried on its own", async () => {
    const srv = await setup();
    const { ctx } = srv.server;
    const ran: string[] = [];
    const handlers = {
      ok: async (_: unknown, job: { id: string }) => void ran.push(job.id),
      broken: async () => {
        throw new Error("the handler broke");
      },
    };
    const ids = await transaction(ctx.db, async (tx) => {
      const made: string[] = [];
      for (let i = 0; i < 12; i++) made.push((await enqueueJob(tx, ctx.clock, { kind: "ok", payload: { i } }))!);
      made.push((await enqueueJob(tx, ctx.clock, { kind: "broken", payload: {} }))!);
      return made;
    });
    const scheduler = new Scheduler(ctx, handlers, { batchSize: 5, concurrency: 2 });
    expect(await scheduler.tick()).toBe(13);
    const rows = new Map((await ctx.db.select().from(jobs).where(inArray(jobs.id, ids))).map((j) => [j.id, j]));
    expect(ran.sort()).toEqual(ids.slice(0, 12).sort());
    for (const id of ids.slice(0, 12)) expect(rows.get(id)).toMatchObject({ status: "done", lockedUntil: null, lastError: null });
    expect(rows.get(ids[12]!)).toMatchObject({ status: "pending", lastError: "the handler broke", attempts: 1 });
    expect(await scheduler.tick()).toBe(0); // done jobs are not run again; the broken one waits for its retry time
    expect(ran).toHaveLength(12);
  });
  test("a pass of jobs that never wait on the network lets requests in between them", async () => {
    // With no SMTP server an email job is all microtasks (a read, a commit): without a turn of
    // the event loop per job, a pass of hundreds held every request until it ended.
    // Thousands of jobs, so that a busy machine's slow round trip (fetch answers on its own
    // thread) still lands well inside the pass; without the turn it never can.
    const total = 3_000;
    const srv = await setup();
    const { ctx } = srv.server;
    let ran = 0;
    await transaction(ctx.db, async (tx) => {
      for (let i = 0; i < total; i++) await enqueueJob(tx, ctx.clock, { kind: "quick", payload: { i } });
    });
    const scheduler = new Scheduler(ctx, { quick: async () => void ran++ }, { batchSize: total });
    const pass = scheduler.tick();
    const answeredAfter = await fetch(`${srv.url}/healthz`).then(() => ran);
    expect(await pass).toBe(total);
    expect(ran).toBe(total);
    expect(answeredAfter).toBeLessThan(total);
  });
});

describe("batches (a customer's review outcomes, a held invitation)", () => {
  test("items join their group's pending batch; once it has started, the next item opens a new one", async () => {
    const srv = await setup();
    const { ctx } = srv.server;
    const add = (group: string, item: string) => transaction(ctx.db, (tx) => addToBatch(tx, ctx.clock, { kind: "digest", group, item, windowMs: 60_000, payload: { note: group } }));
    const batches = async () => (await ctx.db.select().from(jobs)).filter((j) => j.kind === "digest").sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.runAt.getTime() - b.runAt.getTime());

    await add("c1", "first");
    srv.clock.advance(5_000);
    await add("c1", "second");
    await add("c2", "other");
    let all = await batches();
    expect(all.map((j) => j.payload)).toEqual([
      { note: "c1", group: "c1", items: ["first", "second"] },
      { note: "c2", group: "c2", items: ["other"] },
    ]);
    expect(all[0]!.runAt.getTime()).toBe(srv.clock.now().getTime() - 5_000 + 60_000); // 60 s from the first item

    // As the scheduler's claim leaves it (PostgreSQL's claim does not wait for the write lock).
    await write(ctx, (tx) => tx.update(jobs).set({ status: "running" }).where(eq(jobs.id, all[0]!.id)));
    await add("c1", "late");
    all = await batches();
    expect(all.filter((j) => j.payload.group === "c1").map((j) => [j.status, j.payload.items])).toEqual([
      ["running", ["first", "second"]],
      ["pending", ["late"]],
    ]);
  });

  test("a pending batch can be taken off the queue once; a started one cannot", async () => {
    const srv = await setup();
    const { ctx } = srv.server;
    const take = (group: string) => transaction(ctx.db, (tx) => takeBatch(tx, ctx.clock, { kind: "held", group }));
    await transaction(ctx.db, (tx) => addToBatch(tx, ctx.clock, { kind: "held", group: "a", item: 1, windowMs: 1_000 }));
    await transaction(ctx.db, (tx) => addToBatch(tx, ctx.clock, { kind: "held", group: "b", item: 2, windowMs: 1_000 }));
    expect(await take("a")).toEqual([1]);
    expect(await take("a")).toBeNull();
    expect(await take("nothing")).toBeNull();
    await write(ctx, (tx) => tx.update(jobs).set({ status: "running" }).where(and(eq(jobs.kind, "held"), eq(jobs.status, "pending"))));
    expect(await take("b")).toBeNull();
    const rows = await ctx.db.select().from(jobs).where(eq(jobs.kind, "held"));
    expect(rows.map((j) => [j.payload.group, j.status]).sort()).toEqual([["a", "done"], ["b", "running"]]);
  });
});

describe("exactly one delivery per email", () => {
  test("overlapping ticks and a second scheduler never send an email twice", async () => {
    const mail = await smtp();
    const srv = await setup({ SMTP_URL: mail.url });
    for (let i = 0; i < 40; i++) await queueInvitation(srv, i);
    const other = new Scheduler(srv.server.ctx, jobHandlers, { batchSize: 7, concurrency: 3 });
    const runs = await Promise.all([srv.runJobs(), srv.runJobs(), other.tick(), srv.runJobs(), other.tick()]);
    expect(runs[0]).toBe(runs[1]); // overlapping calls share one pass
    expect(mail.received).toHaveLength(40);
    expect(new Set(mail.received.map((m) => m.messageId)).size).toBe(40);
  });

  test("a job that sent its email but stopped before being marked done does not send it again", async () => {
    const mail = await smtp();
    const srv = await setup({ SMTP_URL: mail.url });
    const id = (await queueInvitation(srv))!;
    await srv.runJobs();
    // As if the process died right after recording the email sent: the job still says running.
    const { ctx } = srv.server;
    await write(ctx, async (tx) => tx.update(jobs).set({ status: "running", lockedUntil: srv.clock.now() }).where(eq(jobs.id, (await jobFor(srv, id)).id)));
    await deliverEmail(ctx, await jobFor(srv, id));
    const restarted = new Scheduler(ctx, jobHandlers);
    await restarted.start();
    await restarted.stop();
    expect(mail.received).toHaveLength(1);
  });

  test("the 250-to-record window: an email left 'sending' by a killed process is sent again with the same Message-ID", async () => {
    const mail = await smtp();
    const srv = await setup({ SMTP_URL: mail.url });
    const id = (await queueInvitation(srv))!;
    // The state a SIGKILL leaves mid-delivery: the email claimed for sending, its job running.
    const { ctx } = srv.server;
    await write(ctx, (tx) => tx.update(emails).set({ status: "sending", attempts: 1 }).where(eq(emails.id, id)));
    await write(ctx, async (tx) => tx.update(jobs).set({ status: "running", attempts: 1, lockedUntil: new Date(srv.clock.now().getTime() + 300_000) }).where(eq(jobs.id, (await jobFor(srv, id)).id)));

    // SQLite (one process) hands a stopped run's jobs out again at start; PostgreSQL (maybe another
    // instance running them) once their lease has passed: past it, both must send it again.
    srv.clock.advance(300_001);
    const restarted = new Scheduler(ctx, jobHandlers);
    await restarted.start();
    await restarted.stop();
    expect(mail.received).toHaveLength(1);
    expect(mail.received[0]!.messageId).toBe(`<${id}@portal.example.com>`);
    expect(await emailRow(srv, id)).toMatchObject({ status: "sent", attempts: 2 });
  });
});
