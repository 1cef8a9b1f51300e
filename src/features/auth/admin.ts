// What `portal admin` does to broker accounts, for whoever runs the server: list them, set a new
// password, disable and enable one. Each of these ends the broker's sessions, so a stolen session
// or a departed employee's browser is signed out at once, and every emailed reset link ends.
import { and, asc, count, eq, gt, inArray } from "drizzle-orm";
import { sessions, users } from "../../../db/tables.ts";
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

export async function listBrokers(ctx: AppContext): Promise<BrokerListing[]> {
  const now = ctx.clock.now();
  const sessionCounts = new Map(
    (await ctx.db
      .select({ userId: sessions.userId, n: count() })
      .from(sessions)
      .where(gt(sessions.expiresAt, now))
      .groupBy(sessions.userId))
      .map((r) => [r.userId, r.n]),
  );
  return (await ctx.db
      .select()
      .from(users)
      .orderBy(asc(users.createdAt), asc(users.email)))
    .map((u) => ({
      id: u.id,
      email: u.email,
      name: [u.firstName, u.lastName].filter(Boolean).join(" "),
      createdAt: u.createdAt,
      disabledAt: u.disabledAt,
      activeSessions: sessionCounts.get(u.id) ?? 0,
    }));
}

/** The account with this email, or not_found saying so (the admin commands' one message for it). */
export async function brokerByEmail(ctx: AppContext, email: string) {
  const user = (await ctx.db.select().from(users).where(eq(users.email, normalizeEmail(email))))[0];
  if (!user) throw new AppError("not_found", `No broker with the email ${normalizeEmail(email)}`);
  return user;
}

export async function resetBrokerPassword(ctx: AppContext, input: { email: string; password: string }): Promise<{ email: string; sessionsEnded: number }> {
  if (input.password.length < BROKER_PASSWORD_MIN) throw badRequest(messages.passwordTooShort);
  const user = await brokerByEmail(ctx, input.email);
  const passwordHash = await hashPassword(input.password);
  // Sessions and outstanding reset links end together: an old link must not undo the new password.
  const sessionsEnded = await inTransaction(ctx, async (unit) => {
      await unit.tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      return endBrokerSessions(unit, user.id);
    });
  return { email: user.email, sessionsEnded };
}

export async function setBrokerDisabled(ctx: AppContext, input: { email: string; disabled: boolean }): Promise<{ email: string; sessionsEnded: number; changed: boolean }> {
  const user = await brokerByEmail(ctx, input.email);
  const changed = Boolean(user.disabledAt) !== input.disabled;
  const sessionsEnded = await inTransaction(ctx, async (unit) => {
      await unit.tx.update(users).set({ disabledAt: input.disabled ? (user.disabledAt ?? unit.now) : null }).where(eq(users.id, user.id));
      return input.disabled ? await endBrokerSessions(unit, user.id) : 0;
    });
  return { email: user.email, sessionsEnded, changed };
}

/** Of these session ids, the ones that no longer exist or have expired. */
export async function endedSessionIds(ctx: AppContext, sessionIds: string[]): Promise<string[]> {
  if (sessionIds.length === 0) return [];
  const live = new Set(
    (await ctx.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(inArray(sessions.id, sessionIds), gt(sessions.expiresAt, ctx.clock.now()))))
      .map((s) => s.id),
  );
  return sessionIds.filter((id) => !live.has(id));
}
