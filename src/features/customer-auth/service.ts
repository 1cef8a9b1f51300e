// Customer accounts: one person, one email, one password, across every broker who invited that
// email. An upload link alone opens one relationship as a guest. An account is created (or its
// password set) only by someone who typed the code we emailed to the address, never by holding a
// link, because a broker holds the link too. Sessions last 24 hours.
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { customerAccounts, customerEmailCodes, customerSessions, passwordResetTokens } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { AppError, badRequest, notFound } from "../../lib/errors.ts";
import { waitValues } from "../../shared/customer-errors.ts";
import { emailCodeHash, newEmailCode, sameHash } from "../../lib/email-codes.ts";
import type { Writer } from "../../lib/jobs.ts";
import { checkSignIn, hashPassword } from "../../lib/password.ts";
import { prepared } from "../../lib/prepared.ts";
import { FailureLimiter, SignInThrottle } from "../../lib/rate-limit.ts";
import { hashToken, newId, randomToken } from "../../lib/tokens.ts";
import { inTransaction, write } from "../../lib/unit-of-work.ts";
import { codeMessages, CUSTOMER_RESET_PASSWORD_MIN, CUSTOMER_SIGNUP_PASSWORD_MIN, messages, normalizeEmail } from "../../shared/validation.ts";
import {
  aboutCustomer,
  connectAccount,
  customerByLink,
  customersWithEmail,
  recordCustomerActivity,
  uploadUrl,
  type CustomerRow,
} from "../customers/lookups.ts";
import { queueEmail } from "../mail/service.ts";
import type {
  CheckEmailInput,
  CheckEmailResponse,
  CustomerSignInInput,
  CustomerSignUpInput,
} from "./model.ts";
import { accountCodeEmail } from "../mail/templates.ts";
import { customerLanguage } from "../workspaces/customer-language.ts";
import { joinLanguageChoices } from "./language.ts";
import { perContext } from "../../lib/instance-state.ts";

export const CUSTOMER_SESSION_TTL_MS = 24 * 60 * 60 * 1000;
export const CODE_TTL_MS = 15 * 60 * 1000;
const MAX_CODE_ATTEMPTS = 5;
const WRONG_EMAIL = "This email does not match the invitation for this link. Use the email address your invitation was sent to.";

export type AccountRow = typeof customerAccounts.$inferSelect;
export interface CustomerSession {
  account: AccountRow;
  sessionId: string;
}

// Every signed-in portal request asks this: one lookup by the session's primary key, prepared
// once, and kept in ctx.lookups until the database changes (a sign-out, any write). Expiry is the
// clock's doing, not a write's, so it is checked on every request.
const sessionAccount = prepared((db) =>
  db
    .select({ account: customerAccounts, expiresAt: customerSessions.expiresAt })
    .from(customerSessions)
    .innerJoin(customerAccounts, eq(customerAccounts.id, customerSessions.accountId))
    .where(eq(customerSessions.id, sql.placeholder("sessionId")))
    .prepare(),
);

/** A session and when it ends (ms), whether or not that is past; null for one that does not exist. */
export interface SessionRecord {
  session: CustomerSession;
  expiresAt: number;
}

export async function sessionRecord(ctx: AppContext, sessionId: string): Promise<SessionRecord | null> {
  return await ctx.lookups.value(`customer-session:${sessionId}`, async () => {
    const row = (await sessionAccount(ctx.db).execute({ sessionId }))[0];
    return row ? { session: { account: row.account, sessionId }, expiresAt: row.expiresAt.getTime() } : null;
  });
}

export const isLive = (ctx: AppContext, record: SessionRecord | null): record is SessionRecord =>
  record !== null && record.expiresAt > ctx.clock.now().getTime();

export async function sessionForToken(ctx: AppContext, token: string): Promise<CustomerSession | null> {
  const found = await sessionRecord(ctx, hashToken(token));
  return isLive(ctx, found) ? found.session : null;
}

export const accountByEmail = async (ctx: AppContext, email: string) =>
  (await ctx.db.select().from(customerAccounts).where(eq(customerAccounts.email, email)))[0] ?? null;

/**
 * Starts a session. Signing in through a link connects the account to that relationship and
 * counts as the customer's activity there (and only there: other brokers see nothing of it).
 */
async function startSession(ctx: AppContext, account: AccountRow, through: CustomerRow | null) {
  const token = randomToken();
  const session: CustomerSession = { account, sessionId: hashToken(token) };
  const expiresAt = new Date(ctx.clock.now().getTime() + CUSTOMER_SESSION_TTL_MS);
  await inTransaction(ctx, async ({ tx, publish, now }) => {
    await tx.insert(customerSessions).values({ id: session.sessionId, accountId: account.id, expiresAt });
    if (!through) return;
    await connectAccount(tx, { customerId: through.id, email: account.email, at: now });
    await joinLanguageChoices(tx, account, through);
    await recordCustomerActivity(tx, through.id, now);
    publish({ type: "customer_updated", ...aboutCustomer(through) });
  });
  return { session, token, expiresAt };
}

export async function signOutCustomer(ctx: AppContext, token: string): Promise<void> {
  const sessionId = hashToken(token);
  const ended = (await write(ctx, (tx) => tx.delete(customerSessions).where(eq(customerSessions.id, sessionId)).returning()))[0];
  // Live sockets opened with this session stop hearing about the account.
  if (ended) ctx.events.publish({ type: "customer_signed_out", accountId: ended.accountId, sessionId });
}

/**
 * Whether the email is this link's, and whether its account has been used through this link.
 * An account made through another broker's link is not mentioned: the holder of this link
 * (possibly the broker) learns nothing about the customer's other brokers.
 */
export async function checkEmail(ctx: AppContext, input: CheckEmailInput): Promise<CheckEmailResponse> {
  const customer = await customerByLink(ctx, input.uploadLink);
  // A forwarded link must not become a way to test guessed addresses against it.
  const { emailChecks } = throttleFor(ctx);
  const wait = await emailChecks.take(customer.id);
  if (wait > 0) throw new AppError("too_many_requests", "Too many tries. Please wait a few minutes and try again.", { retryAfter: wait, reason: { code: "errors.tooManyTries" } });
  const exists = normalizeEmail(input.email) === customer.email;
  return { exists, hasPassword: exists && customer.accountConnectedAt !== null && await accountByEmail(ctx, customer.email) !== null };
}

const fifteenMinutes = 15 * 60 * 1000;
export const throttleFor = perContext("customer sign-in, reset and email-check limits", "shared", "the counts are in the database (rate_limits); this holds only the limits' settings", (ctx: AppContext) => ({
  signIn: new SignInThrottle(ctx, "customer-sign-in"),
  resets: new FailureLimiter(ctx, "customer-resets", 3, fifteenMinutes),
  // A person types their email a few times at most; 20 per link per 15 minutes is generous.
  emailChecks: new FailureLimiter(ctx, "customer-email-checks", 20, fifteenMinutes),
}));

/**
 * Sign-up in two steps. Without a code: checks the form and emails a code to the link's address
 * (the answer is the same whether or not an account exists). With the code: creates the account,
 * or sets a new password on the existing one (the code proves the address, as a reset link
 * does), and signs in.
 */
export async function signUpCustomer(ctx: AppContext, input: CustomerSignUpInput) {
  const customer = await customerByLink(ctx, input.uploadLink);
  if (normalizeEmail(input.email) !== customer.email) throw badRequest(WRONG_EMAIL, { code: "signIn.emailNotFoundText" });
  if (input.password.length < CUSTOMER_SIGNUP_PASSWORD_MIN) throw badRequest(messages.passwordTooShort, { code: "signIn.passwordTooShort" });
  if (!input.code) {
    await sendAccountCode(ctx, customer);
    return { codeSent: true as const, message: codeMessages.customerSent(customer.email) };
  }
  await claimCode(ctx, customer, input.code);
  const passwordHash = await hashPassword(input.password);
  const account = await inTransaction(ctx, async ({ tx, publish }) => {
      const existing = (await tx.select().from(customerAccounts).where(eq(customerAccounts.email, customer.email)))[0];
      if (!existing) return (await tx.insert(customerAccounts).values({ id: newId(), email: customer.email, passwordHash }).returning())[0]!;
      // The code proved the address, as a reset link does: the old password and its sessions end.
      await endEverySession(tx, existing.id);
      publish({ type: "customer_signed_out", accountId: existing.id });
      return (await tx.update(customerAccounts).set({ passwordHash }).where(eq(customerAccounts.id, existing.id)).returning())[0]!;
    });
  return { codeSent: false as const, session: await startSession(ctx, account, customer) };
}

// Limits per email address, read from the codes table itself so that neither a restart nor
// deleting and re-creating a customer (which keeps the rows, see db/schema/customer-auth.ts) resets them:
// at most 3 codes an hour, and 10 tries a day across all codes. Ten tries of a million keep a
// guesser's odds at 1 in 100,000 a day, however many links to the address a broker makes.
const CODES_PER_HOUR = 3;
const CODE_TRIES_PER_DAY = 10;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

async function codeHistory(tx: Writer, email: string, now: Date) {
  const since = (ms: number) => and(eq(customerEmailCodes.email, email), gt(customerEmailCodes.createdAt, new Date(now.getTime() - ms)));
  const lastHour = await tx.select({ createdAt: customerEmailCodes.createdAt }).from(customerEmailCodes).where(since(HOUR_MS)).orderBy(customerEmailCodes.createdAt);
  const tries = (await tx.select({ n: sql<number>`coalesce(sum(${customerEmailCodes.attempts}), 0)`.mapWith(Number) }).from(customerEmailCodes).where(since(DAY_MS)))[0]!.n;
  return { sentLastHour: lastHour.map((r) => r.createdAt), triesToday: tries };
}

const tooManyTries = () =>
  new AppError("too_many_requests", "Too many codes were tried for this email today. Try again tomorrow, or ask your broker for help.", { retryAfter: DAY_MS / 1000, reason: { code: "errors.tooManyCodesToday" } });

async function sendAccountCode(ctx: AppContext, customer: CustomerRow): Promise<void> {
  const code = newEmailCode();
  await inTransaction(ctx, async ({ tx, now }) => {
    const history = await codeHistory(tx, customer.email, now);
    if (history.triesToday >= CODE_TRIES_PER_DAY) throw tooManyTries();
    if (history.sentLastHour.length >= CODES_PER_HOUR) {
      const wait = Math.ceil((history.sentLastHour[0]!.getTime() + HOUR_MS - now.getTime()) / 1000);
      throw new AppError("too_many_requests", "We already sent several codes. Check your email, or try again later.", { retryAfter: Math.max(1, wait), reason: { code: "errors.codesAlreadySent" } });
    }
    // Only the newest code works.
    await tx.update(customerEmailCodes).set({ usedAt: now }).where(and(eq(customerEmailCodes.email, customer.email), isNull(customerEmailCodes.usedAt)));
    const id = newId();
    await tx.insert(customerEmailCodes)
      .values({ id, email: customer.email, customerId: customer.id, codeHash: emailCodeHash(ctx.config.sessionSecret, "customer-account", id, code), expiresAt: new Date(now.getTime() + CODE_TTL_MS), createdAt: now });
    const content = accountCodeEmail({ customerName: customer.name, language: await customerLanguage(tx, customer), code, accountExists: await accountByEmail(ctx, customer.email) !== null });
    await queueEmail(ctx, tx, { kind: "account_code", to: customer.email, dedupeKey: `account-code:${id}`, ...content });
  });
}

/**
 * Uses up the newest code of this link if it matches. Every try is counted before comparing, so
 * concurrent guesses share the allowance: five per code, and CODE_TRIES_PER_DAY per address.
 */
async function claimCode(ctx: AppContext, customer: CustomerRow, code: string): Promise<void> {
  const outcome = await inTransaction(ctx, async ({ tx, now }) => {
      if ((await codeHistory(tx, customer.email, now)).triesToday >= CODE_TRIES_PER_DAY) return "too_many";
      const row = (await tx
        .select()
        .from(customerEmailCodes)
        .where(and(eq(customerEmailCodes.customerId, customer.id), eq(customerEmailCodes.email, customer.email), isNull(customerEmailCodes.usedAt), gt(customerEmailCodes.expiresAt, now)))
        .orderBy(desc(customerEmailCodes.createdAt)))[0];
      if (!row) return "expired";
      const attempts = row.attempts + 1;
      const right = sameHash(row.codeHash, emailCodeHash(ctx.config.sessionSecret, "customer-account", row.id, code));
      await tx.update(customerEmailCodes)
        .set({ attempts, usedAt: right || attempts >= MAX_CODE_ATTEMPTS ? now : null })
        .where(eq(customerEmailCodes.id, row.id));
      return right ? "ok" : "wrong";
    });
  if (outcome === "too_many") throw tooManyTries();
  if (outcome === "expired") throw badRequest(codeMessages.expired, { code: "errors.codeExpired" });
  if (outcome === "wrong") throw badRequest(codeMessages.wrong, { code: "errors.codeWrong" });
}

/** The sign-in throttle's 429 (its English is the brokers' too), given the words the portal says it with. */
function saidToCustomer(error: unknown): unknown {
  if (!(error instanceof AppError) || error.code !== "too_many_requests" || !error.retryAfter) return error;
  return new AppError(error.code, error.message, { retryAfter: error.retryAfter, reason: { code: "errors.tooManySignIns", values: waitValues(error.retryAfter) } });
}

export async function signInCustomer(ctx: AppContext, input: CustomerSignInInput & { address: string }) {
  const email = normalizeEmail(input.email);
  if (!input.password) throw badRequest(messages.passwordRequired, { code: "signIn.passwordRequired" });
  const account = await accountByEmail(ctx, email);
  // Through a link, the account must be the one the link's relationship was addressed to.
  const through = input.uploadLink ? await customerByLinkOrNull(ctx, input.uploadLink) : null;
  const rightLink = !input.uploadLink || through?.email === email;
  await checkSignIn(throttleFor(ctx).signIn, { address: input.address, email, password: input.password, passwordHash: account?.passwordHash, allowed: rightLink }).catch(
    (error: unknown) => {
      throw saidToCustomer(error);
    },
  );
  return startSession(ctx, account!, through);
}

async function customerByLinkOrNull(ctx: AppContext, uploadLink: string): Promise<CustomerRow | null> {
  try {
    return customerByLink(ctx, uploadLink);
  } catch {
    return null;
  }
}

/** Every session and every outstanding reset link of the account stops working. */
export async function endEverySession(tx: Writer, accountId: string): Promise<void> {
  await tx.delete(customerSessions).where(eq(customerSessions.accountId, accountId));
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.accountId, accountId));
}

/**
 * Expired sessions and reset links are of no use to anyone: drop them (an hourly task). Codes
 * are kept two days past their making, as the per-email history the limits above count.
 */
export async function purgeExpiredCustomerAuth(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now();
  await write(ctx, (tx) => tx.delete(customerSessions).where(lt(customerSessions.expiresAt, now)));
  await write(ctx, (tx) => tx.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, now)));
  await write(ctx, (tx) => tx.delete(customerEmailCodes).where(lt(customerEmailCodes.createdAt, new Date(now.getTime() - 2 * DAY_MS))));
}
