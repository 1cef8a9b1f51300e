// Reading the portal's outbox as a person reads their mail: tests take codes and links from the
// emails the portal really wrote, never from its internals.
import type { Database } from "bun:sqlite";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { emails } from "../../db/tables.ts";
import { newestFirst } from "./sql.ts";

export interface OutboxEmail {
  kind: string;
  subject: string;
  text: string;
}

type CodeKind = "broker_signup_code" | "account_code";

const codeIn = (email: OutboxEmail | null, to: string, kind: CodeKind): string => {
  const code = email?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no ${kind} email with a code was sent to ${to}`);
  return code;
};

/** The newest email to this address (of this kind, when given), in a running portal's database. */
export async function newestEmail(db: Db, to: string, kind?: string): Promise<OutboxEmail | null> {
  const address = eq(emails.to, to.trim().toLowerCase());
  const found = await db
    .select({ kind: emails.kind, subject: emails.subject, text: emails.text })
    .from(emails)
    .where(kind ? and(address, eq(emails.kind, kind)) : address)
    .orderBy(...newestFirst(emails.createdAt))
    .limit(1);
  return found[0] ?? null;
}

/** The 6-digit code in the newest email of this kind to this address, in a running portal's database. */
export async function newestCode(db: Db, to: string, kind: CodeKind): Promise<string> {
  return codeIn(await newestEmail(db, to, kind), to, kind);
}

/** The newest email to this address, read from a portal's SQLite file (e2e and CLI tests). */
export function latestEmail(db: Database, to: string, kind?: string): OutboxEmail | null {
  const sql = `select kind, subject, text from emails where "to" = ? ${kind ? "and kind = ?" : ""} order by created_at desc, rowid desc limit 1`;
  const args = kind ? [to.trim().toLowerCase(), kind] : [to.trim().toLowerCase()];
  return (db.query(sql).get(...args) as OutboxEmail | null) ?? null;
}

/** The 6-digit code in the newest email of this kind to this address, from a portal's SQLite file. */
export function latestCode(db: Database, to: string, kind: CodeKind): string {
  return codeIn(latestEmail(db, to, kind), to, kind);
}
