// The email outbox (owner: mail).
import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id, time } from "./columns.ts";

export const emails = pgTable(
  "emails",
  {
    id: id(),
    dedupeKey: text("dedupe_key").notNull().unique(),
    kind: text("kind").notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    replyTo: text("reply_to"),
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
