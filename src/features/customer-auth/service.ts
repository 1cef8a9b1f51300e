// Customer accounts: optional passwords on top of the upload link. Setting the first password
// needs the link (knowing an email is never enough to claim an account); sessions last 24 hours.
import { and, eq, gt, isNull } from "drizzle-orm";
import { customers, customerSessions, passwordResetTokens } from "../../../db/schema.ts";
import type { AppContext } from "../../context.ts";
import { AppError, badRequest, notFound } from "../../lib/errors.ts";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "../../lib/password.ts";
import { FailureLimiter, SignInThrottle } from "../../lib/rate-limit.ts";
import { hashToken, randomToken } from "../../lib/tokens.ts";
import {
  CUSTOMER_RESET_PASSWORD_MIN,
  CUSTOMER_SIGNUP_PASSWORD_MIN,
  messages,
  normalizeEmail,
} from "../../shared/validation.ts";
import { inTransaction } from "../../lib/unit-of-work.ts";
import { customerBrokers, recordCustomerActivity, uploadUrl } from "../customers/contact.ts";
import { queueEmail } from "../mail/service.ts";
import { passwordResetEmail } from "../mail/templates.ts";

export const CUSTOMER_SESSION_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const INVALID_LINK = "This upload link is not valid or has expired.";
const INVALID_CREDENTIALS = "Invalid email or password";
const INVALID_RESET = "Invalid reset token - The reset link is invalid or expired.";

export type CustomerRow = typeof customers.$inferSelect;

export function customerByLink(ctx: AppContext, uploadLink: string): CustomerRow {
  const row = ctx.db.select().from(customers).where(eq(customers.uploadLink, uploadLink)).get();
  if (!row) throw notFound(INVALID_LINK);
  return row;
}

export function customerForSession(ctx: AppContext, token: string): CustomerRow | null {
  const row = ctx.db
    .select({ customer: customers })
    .from(customerSessions)
    .innerJoin(customers, eq(customers.id, customerSessions.customerId))
    .where(and(eq(customerSessions.id, hashToken(token)), gt(customerSessions.expiresAt, ctx.clock.now())))
    .get();
  return row?.customer ?? null;
}

function startSession(ctx: AppContext, customer: CustomerRow) {
  const token = randomToken();
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + CUSTOMER_SESSION_TTL_MS);
  inTransaction(ctx, ({ tx, publish }) => {
    tx.insert(customerSessions).values({ id: hashToken(token), customerId: customer.id, expiresAt }).run();
    recordCustomerActivity(tx, customer.id, now);
    for (const broker of customerBrokers(ctx, customer.id)) publish({ type: "customer_updated", brokerId: broker.id, customerId: customer.id });
  });
  return { customer, token, expiresAt };
}

export function signOutCustomer(ctx: AppContext, token: string): void {
  ctx.db.delete(customerSessions).where(eq(customerSessions.id, hashToken(token))).run();
}

/** Whether the email is this link's customer's, and whether they have set a password. */
export function checkEmail(ctx: AppContext, input: { email: string; uploadLink: string }) {
  const customer = customerByLink(ctx, input.uploadLink);
  const exists = normalizeEmail(input.email) === customer.email;
  return { exists, hasPassword: exists && customer.passwordHash !== null };
}

export async function signUpCustomer(ctx: AppContext, input: { email: string; password: string; uploadLink: string }) {
  const customer = customerByLink(ctx, input.uploadLink);
  if (normalizeEmail(input.email) !== customer.email) {
    throw badRequest("This email does not match the invitation for this link. Use the email address your invitation was sent to.");
  }
  if (customer.passwordHash) throw new AppError("conflict", "An account already exists for this email. Please sign in instead.");
  if (input.password.length < CUSTOMER_SIGNUP_PASSWORD_MIN) throw badRequest(messages.passwordTooShort);
  const passwordHash = await hashPassword(input.password);
  // Only the first password is set here; a second sign-up racing this one finds it taken.
  const claimed = ctx.db
    .update(customers)
    .set({ passwordHash })
    .where(and(eq(customers.id, customer.id), isNull(customers.passwordHash)))
    .returning()
    .get();
  if (!claimed) throw new AppError("conflict", "An account already exists for this email. Please sign in instead.");
  return startSession(ctx, claimed);
}

const throttles = new WeakMap<AppContext, { signIn: SignInThrottle; resets: FailureLimiter }>();
function throttleFor(ctx: AppContext) {
  let found = throttles.get(ctx);
  if (!found) throttles.set(ctx, (found = { signIn: new SignInThrottle(ctx.clock), resets: new FailureLimiter(3, 15 * 60 * 1000, ctx.clock) }));
  return found;
}

export async function signInCustomer(ctx: AppContext, input: { email: string; password: string; uploadLink?: string; address: string }) {
  const email = normalizeEmail(input.email);
  const { signIn } = throttleFor(ctx);
  signIn.assertAllowed(input.address, email);
  if (!input.password) throw badRequest(messages.passwordRequired);
  const customer = ctx.db.select().from(customers).where(eq(customers.email, email)).get();
  // Same work whether or not the email is known, so timing does not tell.
  const ok = customer?.passwordHash ? await verifyPassword(input.password, customer.passwordHash) : await verifyAgainstDummy(input.password);
  const rightLink = !input.uploadLink || customer?.uploadLink === input.uploadLink;
  if (!customer || !ok || !rightLink) {
    signIn.failed(input.address, email);
    throw new AppError("unauthorized", INVALID_CREDENTIALS);
  }
  signIn.succeeded(email);
  return startSession(ctx, customer);
}

export const FORGOT_PASSWORD_ANSWER = "If an account exists for this email, we sent a link to reset the password.";

/** Emails a single-use reset link (1 hour) if the account exists; the answer is the same either way. */
export function forgotPassword(ctx: AppContext, input: { email: string }): void {
  const email = normalizeEmail(input.email);
  const { resets } = throttleFor(ctx);
  if (resets.retryAfter(email) > 0) return; // at most 3 reset emails per address per 15 minutes
  resets.recordFailure(email);
  const customer = ctx.db.select().from(customers).where(eq(customers.email, email)).get();
  if (!customer?.passwordHash) return;
  const token = randomToken();
  const now = ctx.clock.now();
  ctx.db.transaction((tx) => {
    tx.insert(passwordResetTokens)
      .values({ id: hashToken(token), customerId: customer.id, expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS) })
      .run();
    const content = passwordResetEmail({
      customerName: customer.name,
      resetUrl: `${uploadUrl(ctx, customer.uploadLink)}?reset=${encodeURIComponent(token)}`,
    });
    queueEmail(ctx, tx, { kind: "password_reset", to: customer.email, dedupeKey: `reset:${hashToken(token)}`, ...content });
  });
}

/** Sets a new password with a reset token: once, within the hour. Every session of the customer ends. */
export async function resetPassword(ctx: AppContext, input: { token: string; newPassword: string }): Promise<void> {
  if (input.newPassword.length < CUSTOMER_RESET_PASSWORD_MIN) throw badRequest(messages.resetPasswordTooShort);
  const now = ctx.clock.now();
  const id = hashToken(input.token);
  const row = ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.id, id)).get();
  if (!row || row.usedAt || row.expiresAt <= now) throw badRequest(INVALID_RESET);
  const passwordHash = await hashPassword(input.newPassword);
  ctx.db.transaction((tx) => {
    // Claim the token; a second use racing this one finds it used.
    const claimed = tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt)))
      .returning()
      .get();
    if (!claimed) throw badRequest(INVALID_RESET);
    tx.update(customers).set({ passwordHash }).where(eq(customers.id, row.customerId)).run();
    tx.delete(customerSessions).where(eq(customerSessions.customerId, row.customerId)).run();
  });
}

