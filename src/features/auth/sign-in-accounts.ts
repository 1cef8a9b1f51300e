// Broker accounts as the other ways of signing in see them (two-factor, OpenID Connect): whether
// an account has a password or is disabled, and an account created without a password. They live
// here so that only the auth feature reads and writes the users table.
import { eq, ne } from "drizzle-orm";
import { isUniqueViolation } from "../../../db/dialect.ts";
import { users } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/tokens.ts";
import { normalizeEmail } from "../../shared/validation.ts";
import type { PublicUser } from "./model.ts";
import { toPublicUser } from "./public-user.ts";
import type { Writer } from "../../lib/jobs.ts";
import { foundWorkspace } from "../workspaces/founding.ts";

export interface SignInAccount {
  user: PublicUser;
  hasPassword: boolean;
  disabled: boolean;
}

const toAccount = (row: typeof users.$inferSelect): SignInAccount => ({
  user: toPublicUser(row),
  hasPassword: Boolean(row.passwordHash),
  disabled: Boolean(row.disabledAt),
});

export async function signInAccountById(ctx: AppContext, id: string): Promise<SignInAccount | null> {
  const row = (await ctx.db.select().from(users).where(eq(users.id, id)))[0];
  return row ? toAccount(row) : null;
}

export async function signInAccountByEmail(ctx: AppContext, email: string): Promise<SignInAccount | null> {
  const row = (await ctx.db.select().from(users).where(eq(users.email, normalizeEmail(email))))[0];
  return row ? toAccount(row) : null;
}

/** Whether any broker account other than this one exists (is this the portal's first?). */
export async function anotherBrokerExists(tx: Writer, userId: string): Promise<boolean> {
  return Boolean((await tx.select({ id: users.id }).from(users).where(ne(users.id, userId)).limit(1))[0]);
}

/**
 * A broker who signs in through an identity provider only: no password. `join` gives the account
 * its membership in the same transaction (by default it founds a workspace of its own).
 */
export async function createBrokerWithoutPassword(
  tx: Writer,
  input: { email: string; firstName: string | null; lastName: string | null },
  join: (tx: Writer, user: PublicUser) => Promise<void> = foundWorkspace,
): Promise<PublicUser> {
  try {
    const row = (await tx
      .insert(users)
      .values({ id: newId(), email: normalizeEmail(input.email), passwordHash: null, firstName: input.firstName, lastName: input.lastName })
      .returning())[0]!;
    const user = toPublicUser(row);
    await join(tx, user);
    return user;
  } catch (error) {
    // isUniqueViolation: SQLite and PostgreSQL word this differently (it used to match SQLite's only).
    if (isUniqueViolation(error)) throw new AppError("conflict", "An account with this email already exists. Sign in instead.");
    throw error;
  }
}
