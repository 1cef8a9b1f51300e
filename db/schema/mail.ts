// The email outbox (owner: mail).
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id, time } from "./columns.ts";

/** Every email the portal means to send: the outbox. A dedupe key makes each email exist once. */
export const emails = sqliteTable(
  "emails",
  {
    id: id(),
    dedupeKey: text("dedupe_key").notNull().unique(),
    kind: text("kind").notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    /** The broker's contact address on emails a broker's customer receives, so a reply reaches them. */
    replyTo: text("reply_to"),
    /** A stored file sent with the email (a sealed PDF), by its file-store key, and its name there. */
    attachmentKey: text("attachment_key"),
    attachmentName: text("attachment_name"),
    status: text("status", { enum: ["pending", "sending", "sent", "failed", "logged"] }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    messageId: text("message_id"),
    createdAt: createdAt(),
    sentAt: time("sent_at"),
  },
  (t) => [index("emails_status_idx").on(t.status, t.createdAt)],
);
