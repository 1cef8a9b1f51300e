// Broker accounts as the other ways of signing in see them (two-factor, OpenID Connect): whether
// an account has a password or is disabled, and an account created without a password. They live
// here so that only the auth feature reads and writes the users table.
import { eq } from "drizzle-orm";
import { users } from "../../../db/schema.ts";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/tokens.ts";
import { normalizeEmail } from "../../shared/validation.ts";
import type { PublicUser } from "./model.ts";
import { toPublicUser } from "./service.ts";

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

export function signInAccountById(ctx: AppContext, id: string): SignInAccount | null {
  const row = ctx.db.select().from(users).where(eq(users.id, id)).get();
  return row ? toAccount(row) : null;
}

export function signInAccountByEmail(ctx: AppContext, email: string): SignInAccount | null {
  const row = ctx.db.select().from(users).where(eq(users.email, normalizeEmail(email))).get();
  return row ? toAccount(row) : null;
}

/** A broker who signs in through an identity provider only: no password. */
export function createBrokerWithoutPassword(ctx: AppContext, input: { email: string; firstName: string | null; lastName: string | null }): PublicUser {
  try {
    const row = ctx.db
      .insert(users)
      .values({ id: newId(), email: normalizeEmail(input.email), passwordHash: null, firstName: input.firstName, lastName: input.lastName })
      .returning()
      .get();
    return toPublicUser(row);
  } catch (error) {
    if (String(error).includes("UNIQUE")) throw new AppError("conflict", "An account with this email already exists. Sign in instead.");
    throw error;
  }
}
