// Reading the portal's outbox as a person reads their mail: tests take codes and links from the
// emails the portal really wrote, never from its internals.
import type { Database } from "bun:sqlite";

export interface OutboxEmail {
  kind: string;
  subject: string;
  text: string;
}

/** The newest email to this address (of this kind, when given). */
export function latestEmail(db: Database, to: string, kind?: string): OutboxEmail | null {
  const sql = `select kind, subject, text from emails where "to" = ? ${kind ? "and kind = ?" : ""} order by created_at desc, rowid desc limit 1`;
  const args = kind ? [to.trim().toLowerCase(), kind] : [to.trim().toLowerCase()];
  return (db.query(sql).get(...args) as OutboxEmail | null) ?? null;
}

/** The 6-digit code in the newest email of this kind to this address. */
export function latestCode(db: Database, to: string, kind: "broker_signup_code" | "account_code"): string {
  const code = latestEmail(db, to, kind)?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no ${kind} email with a code was sent to ${to}`);
  return code;
}
