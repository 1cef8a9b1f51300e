// What `portal admin` does to broker accounts, for whoever runs the server: list them, set a new
// password, disable and enable one. Each of these ends the broker's sessions, so a stolen session
// or a departed employee's browser is signed out at once, and every emailed reset link ends.
import { and, asc, count, eq, gt, inArray } from "drizzle-orm";
import { sessions, users } from "../../../db/schema.ts";
import type { AppContext } from "../../context.ts";
import { AppError, badRequest } from "../../lib/errors.ts";
import { hashPassword } from "../../lib/password.ts";
import { inTransaction } from "../../lib/unit-of-work.ts";
import { BROKER_PASSWORD_MIN, messages, normalizeEmail } from "../../shared/validation.ts";
import { endBrokerSessions } from "./account.ts";

export interface BrokerListing {
  id: string;
  email: string;
  name: string;
  createdAt: Date;
  disabledAt: Date | null;
  activeSessions: number;
}

export function listBrokers(ctx: AppContext): BrokerListing[] {
  const now = ctx.clock.now();
  const sessionCounts = new Map(
    ctx.db
      .select({ userId: sessions.userId, n: count() })
      .from(sessions)
      .where(gt(sessions.expiresAt, now))
      .groupBy(sessions.userId)
      .all()
      .map((r) => [r.userId, r.n]),
  );
  return ctx.db
    .select()
    .from(users)
    .orderBy(asc(users.createdAt), asc(users.email))
    .all()
    .map((u) => ({
      id: u.id,
      email: u.email,
      name: [u.firstName, u.lastName].filter(Boolean).join(" "),
      createdAt: u.createdAt,
      disabledAt: u.disabledAt,
      activeSessions: sessionCounts.get(u.id) ?? 0,
    }));
}

function brokerByEmail(ctx: AppContext, email: string) {
  const user = ctx.db.select().from(users).where(eq(users.email, normalizeEmail(email))).get();
  if (!user) throw new AppError("not_found", `No broker with the email ${normalizeEmail(email)}`);
  return user;
}

export async function resetBrokerPassword(ctx: AppContext, input: { email: string; password: string }): Promise<{ email: string; sessionsEnded: number }> {
  if (input.password.length < BROKER_PASSWORD_MIN) throw badRequest(messages.passwordTooShort);
  const user = brokerByEmail(ctx, input.email);
  const passwordHash = await hashPassword(input.password);
  // Sessions and outstanding reset links end together: an old link must not undo the new password.
  const sessionsEnded = inTransaction(ctx, (unit) => {
    unit.tx.update(users).set({ passwordHash }).where(eq(users.id, user.id)).run();
    return endBrokerSessions(unit, user.id);
  });
  return { email: user.email, sessionsEnded };
}

export function setBrokerDisabled(ctx: AppContext, input: { email: string; disabled: boolean }): { email: string; sessionsEnded: number; changed: boolean } {
  const user = brokerByEmail(ctx, input.email);
  const changed = Boolean(user.disabledAt) !== input.disabled;
  const sessionsEnded = inTransaction(ctx, (unit) => {
    unit.tx.update(users).set({ disabledAt: input.disabled ? (user.disabledAt ?? unit.now) : null }).where(eq(users.id, user.id)).run();
    return input.disabled ? endBrokerSessions(unit, user.id) : 0;
  });
  return { email: user.email, sessionsEnded, changed };
}

/** Of these session ids, the ones that no longer exist or have expired. */
export function endedSessionIds(ctx: AppContext, sessionIds: string[]): string[] {
  if (sessionIds.length === 0) return [];
  const live = new Set(
    ctx.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(inArray(sessions.id, sessionIds), gt(sessions.expiresAt, ctx.clock.now())))
      .all()
      .map((s) => s.id),
  );
  return sessionIds.filter((id) => !live.has(id));
}
