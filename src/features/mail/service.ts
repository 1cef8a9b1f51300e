// The outbox. `queueEmail` writes the email and its delivery job in the caller's transaction;
// `deliverEmail` (a job) sends it over SMTP, or, with no SMTP configured, keeps and logs it.
//
// Exactly-once is impossible over SMTP: the server may accept a message (250 OK) and the
// process stop before we record that. Our rule: an email is sent again unless the database
// says it was sent. The record is written the moment the server answers 250, so a duplicate
// needs a crash in that instant; the other choice (never resend an email whose delivery had
// started) would lose every email whose connection was cut while still connecting, a window
// of seconds rather than microseconds. A resend carries the same Message-ID, so mail systems
// can recognise it as the same message. A job that already delivered its email and then
// crashed before being marked done finds the email "sent" and does nothing.
import { and, desc, eq, inArray, count, sql } from "drizzle-orm";
import { emails } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import { enqueueJob, PermanentJobError, type Job, type Writer } from "../../lib/jobs.ts";
import { newId } from "../../lib/tokens.ts";
import { given, placeholders, prepared, preparedWrite } from "../../lib/prepared.ts";
import type { EmailContent } from "./compose.ts";
import { senderHeaders } from "./sender.ts";
import { smtpTransport } from "./transport.ts";
import { inTransaction } from "../../lib/unit-of-work.ts";
import { transaction } from "../../../db/transaction.ts";
import { timeParam } from "../../../db/dialect.ts";

export const SEND_EMAIL_JOB = "send_email";

export type Email = typeof emails.$inferSelect;

export interface QueueEmailInput extends EmailContent {
  kind: string;
  to: string;
  /** Names this email once and for all, e.g. `invitation:<customerId>:<brokerId>`. */
  dedupeKey: string;
  /** A stored file to send with it (a sealed PDF): read from the file store when the email goes out. */
  attachment?: { key: string; name: string } | null;
}

const emailInsert = preparedWrite((tx) =>
  tx
    .insert(emails)
    .values(placeholders("id", "dedupeKey", "kind", "to", "subject", "text", "html", "replyTo", "attachmentKey", "attachmentName"))
    .onConflictDoNothing()
    .returning({ id: emails.id })
    .prepare(),
);

/** Queues an email in the caller's transaction. Returns its id, or null if it was already queued. */
export async function queueEmail(ctx: AppContext, db: Writer, input: QueueEmailInput): Promise<string | null> {
  const id = newId();
  const row = (
    await emailInsert(db).execute({ id, dedupeKey: input.dedupeKey, kind: input.kind, to: input.to, subject: input.subject, text: input.text, html: input.html ?? null, replyTo: input.replyTo ?? null, attachmentKey: input.attachment?.key ?? null, attachmentName: input.attachment?.name ?? null })
  )[0];
  if (!row) return null;
  await enqueueJob(db, ctx.clock, { kind: SEND_EMAIL_JOB, payload: { emailId: id }, dedupeKey: `email:${id}` });
  return id;
}

const emailQuery = prepared((db) => db.select().from(emails).where(eq(emails.id, sql.placeholder("emailId"))).prepare());
const keptInOutbox = preparedWrite((tx) => tx.update(emails).set({ status: "logged", sentAt: given("sentAt") }).where(eq(emails.id, sql.placeholder("emailId"))).prepare());

/**
 * The links the portal built into an email (its call-to-action: the upload link, a reset link),
 * for an operator without SMTP to open by hand. They are the HTML's hrefs: whatever a person typed
 * (a URL in a name or a note) is escaped text there, never an href, so it is never offered as the
 * invitation's link.
 */
export function portalLinks(html: string | null): string[] {
  const entities: Record<string, string> = { "&amp;": "&", "&#39;": "'", "&quot;": '"', "&lt;": "<", "&gt;": ">" };
  // One pass, as escapeHtml wrote them: "&amp;#39;" is the text "&#39;", not an apostrophe.
  return [...(html ?? "").matchAll(/<a href="(https?:\/\/[^"]+)"/g)].map((m) => m[1]!.replace(/&(amp|#39|quot|lt|gt);/g, (entity) => entities[entity]!));
}

/** The job handler that delivers one queued email. */
export async function deliverEmail(ctx: AppContext, job: Job): Promise<void> {
  const emailId = String(job.payload.emailId);
  const { db, clock, config, log } = ctx;
  const email = (await emailQuery(db).execute({ emailId }))[0];
  if (!email || email.status === "sent" || email.status === "logged" || email.status === "failed") return;

  if (!config.smtpUrl) {
    await transaction(db, (tx) => keptInOutbox(tx).execute({ emailId, sentAt: timeParam(clock.now()) }));
    log.info(`Email kept in the outbox (no SMTP_URL): to ${email.to}: ${email.subject}`, { id: emailId, links: portalLinks(email.html) });
    return;
  }

  // "sending" shows in `portal mail list` while the SMTP conversation runs. An email left
  // "sending" by a process that stopped is sent again (see the rule above).
  const claimed = (await transaction(db, (tx) => tx.update(emails)
      .set({ status: "sending", attempts: email.attempts + 1 })
      .where(and(eq(emails.id, emailId), inArray(emails.status, ["pending", "sending"])))
      .returning({ id: emails.id })))[0];
  if (!claimed) return;

  try {
    // Read now, not when queued: the outbox keeps the key, not the bytes. A file gone since (its
    // document deleted) leaves the email without it; the email's own text links to the portal.
    const attached = email.attachmentKey ? await ctx.files.read(email.attachmentKey) : null;
    const transport = await smtpTransport(ctx);
    const info = await transport.sendMail({
      // The portal sends from one address (MAIL_FROM), in the broker's name; a customer's reply goes to their broker.
      ...(await senderHeaders(config.mailFrom, email.replyTo)),
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html ?? undefined,
      ...(attached ? { attachments: [{ filename: email.attachmentName ?? "document.pdf", content: Buffer.from(await attached.arrayBuffer()) }] } : {}),
      // A stable Message-ID lets mail systems recognise the same email.
      messageId: `<${email.id}@${new URL(config.publicUrl).hostname}>`,
    });
    await transaction(db, (tx) => tx.update(emails).set({ status: "sent", sentAt: clock.now(), messageId: info.messageId, lastError: null }).where(eq(emails.id, emailId)));
  } catch (error) {
    const code = (error as { responseCode?: number }).responseCode;
    const message = (error as Error).message;
    // A 5xx answer is the server's final word; anything else (down, 4xx) may pass later.
    const permanent = code !== undefined && code >= 500;
    const lastTry = job.attempts >= job.maxAttempts;
    await transaction(db, (tx) => tx.update(emails)
      .set({ status: permanent || lastTry ? "failed" : "pending", lastError: message })
      .where(eq(emails.id, emailId)));
    throw permanent ? new PermanentJobError(message) : error;
  }
}

export async function listEmails(ctx: AppContext, options: { limit?: number } = {}): Promise<Email[]> {
  return await ctx.db.select().from(emails).orderBy(desc(emails.createdAt)).limit(options.limit ?? 20);
}

/** Sends a failed email again: back to pending with a new delivery job. */
export async function retryEmail(ctx: AppContext, emailId: string): Promise<Email> {
  return inTransaction(ctx, async ({ tx }) => {
    const email = (await tx.select().from(emails).where(eq(emails.id, emailId)))[0];
    if (!email) throw new AppError("not_found", `No email with id ${emailId}`);
    if (email.status !== "failed") throw new AppError("conflict", `Only failed emails can be retried; this one is ${email.status}`);
    await tx.update(emails).set({ status: "pending", lastError: null }).where(eq(emails.id, emailId));
    await enqueueJob(tx, ctx.clock, { kind: SEND_EMAIL_JOB, payload: { emailId } });
    return { ...email, status: "pending" as const, lastError: null };
  });
}

/** How many emails are in each state, for /metrics and `portal doctor`. */
export async function countEmailsByStatus(ctx: AppContext): Promise<Record<Email["status"], number>> {
  const counts: Record<Email["status"], number> = { pending: 0, sending: 0, sent: 0, failed: 0, logged: 0 };
  const rows = await ctx.db.select({ status: emails.status, n: count() }).from(emails).groupBy(emails.status);
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}
