// Broker accounts and sessions. A session token is handed out once (as the bearer token and the
// HttpOnly cookie); only its hash is stored.
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { brokerEmailChanges, brokerPasswordResetTokens, brokerSignupCodes, sessions, users } from "../../../db/schema.ts";
import type { AppContext } from "../../context.ts";
import { AppError, badRequest } from "../../lib/errors.ts";
import { checkSignIn, hashPassword } from "../../lib/password.ts";
import type { Writer } from "../../lib/jobs.ts";
import { prepared } from "../../lib/prepared.ts";
import { SignInThrottle } from "../../lib/rate-limit.ts";
import { hashToken, newId, randomToken } from "../../lib/tokens.ts";
import { inTransaction } from "../../lib/unit-of-work.ts";
import { BROKER_PASSWORD_MIN, codeMessages, isValidEmail, messages, normalizeEmail } from "../../shared/validation.ts";
import type { PublicUser, SignInInput, SignUpInput } from "./model.ts";
import { sendSignUpEmail, spendSignUpCode } from "./signup-codes.ts";
import { secondFactorChallenge } from "../two-factor/service.ts";
import { refusePasswordWhenOidcOnly } from "../oidc/policy.ts";

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

type UserRow = typeof users.$inferSelect;

export function toPublicUser(user: UserRow): PublicUser {
  const { id, email, firstName, lastName, profileImageUrl } = user;
  return { id, email, firstName, lastName, profileImageUrl };
}

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

interface BrokerDetails {
  email: string;
  password: string;
  firstName: string | null;
  lastName: string | null;
}

/** The sign-up input checked and tidied, or a 400 naming what is wrong. */
function brokerDetails(input: SignUpInput): BrokerDetails {
  const email = normalizeEmail(input.email);
  if (!isValidEmail(email)) throw badRequest(messages.invalidEmail);
  if (!input.password) throw badRequest(messages.passwordRequired);
  if (input.password.length < BROKER_PASSWORD_MIN) throw badRequest(messages.passwordTooShort);
  return { email, password: input.password, firstName: blankToNull(input.firstName), lastName: blankToNull(input.lastName) };
}

const accountExists = () => new AppError("conflict", "An account with this email already exists. Sign in instead.");

function insertBroker(db: Writer, details: BrokerDetails, passwordHash: string): PublicUser {
  const { email, firstName, lastName } = details;
  try {
    return toPublicUser(db.insert(users).values({ id: newId(), email, passwordHash, firstName, lastName }).returning().get());
  } catch (error) {
    // Two sign-ups for one email at the same moment: the unique index decides.
    if (String(error).includes("UNIQUE")) throw accountExists();
    throw error;
  }
}

/** Creates a broker account with no emailed code; used by `portal admin create` and after a code is spent. */
export async function createBrokerAccount(ctx: AppContext, input: SignUpInput): Promise<PublicUser> {
  const details = brokerDetails(input);
  if (ctx.db.select({ id: users.id }).from(users).where(eq(users.email, details.email)).get()) throw accountExists();
  return insertBroker(ctx.db, details, await hashPassword(details.password));
}

const anyBroker = (db: Writer) => Boolean(db.select({ id: users.id }).from(users).limit(1).get());

/**
 * The trial exception: on a portal with no broker account at all, the first sign-up completes at
 * once, so a trial works with zero configuration (no SMTP, no code to fish out of a log). There
 * is no one to enumerate yet. Null once any broker exists, checked again where it inserts.
 */
async function createFirstBroker(ctx: AppContext, details: BrokerDetails): Promise<PublicUser | null> {
  if (anyBroker(ctx.db)) return null;
  const passwordHash = await hashPassword(details.password);
  return inTransaction(ctx, ({ tx }) => (anyBroker(tx) ? null : insertBroker(tx, details, passwordHash)));
}

export function createSession(ctx: AppContext, userId: string): { token: string; expiresAt: Date } {
  const token = randomToken();
  const expiresAt = new Date(ctx.clock.now().getTime() + SESSION_TTL_MS);
  ctx.db.insert(sessions).values({ id: hashToken(token), userId, expiresAt }).run();
  return { token, expiresAt };
}

export type SignUpResult =
  | { codeRequired: false; user: PublicUser; token: string; expiresAt: Date }
  | { codeRequired: true; message: string };

/**
 * Two steps: without `code` it emails one (see signup-codes.ts) and answers alike for
 * registered and new emails; with the code it creates the account and a session.
 */
export async function signUpBroker(ctx: AppContext, input: SignUpInput & { address: string }): Promise<SignUpResult> {
  refusePasswordWhenOidcOnly(ctx);
  if (!ctx.config.allowSignup) {
    throw new AppError("forbidden", "Sign-up is turned off on this portal. Ask your administrator for an account.");
  }
  const details = brokerDetails(input);
  const signedIn = (user: PublicUser) => ({ codeRequired: false as const, user, ...createSession(ctx, user.id) });
  if (input.code !== undefined) {
    spendSignUpCode(ctx, details.email, input.code);
    return signedIn(await createBrokerAccount(ctx, details));
  }
  const first = await createFirstBroker(ctx, details);
  if (first) return signedIn(first);
  sendSignUpEmail(ctx, { email: details.email, address: input.address });
  return { codeRequired: true, message: codeMessages.brokerSent(details.email) };
}

const throttles = new WeakMap<AppContext, SignInThrottle>();
const throttleFor = (ctx: AppContext) => throttles.get(ctx) ?? throttles.set(ctx, new SignInThrottle(ctx.clock)).get(ctx)!;
/** The one throttle every broker password check goes through: sign-in, and the account changes that ask for the password. */
export const brokerSignInThrottle = throttleFor;

export async function signInBroker(ctx: AppContext, input: SignInInput & { address: string }) {
  refusePasswordWhenOidcOnly(ctx);
  const email = normalizeEmail(input.email);
  if (!input.password) throw badRequest(messages.passwordRequired);
  const user = ctx.db.select().from(users).where(eq(users.email, email)).get();
  await checkSignIn(throttleFor(ctx), { address: input.address, email, password: input.password, passwordHash: user?.passwordHash });
  // Said only to whoever knows the password; a guesser still sees "Invalid email or password".
  if (user!.disabledAt) throw new AppError("forbidden", "This account is disabled. Ask the portal's administrator.");
  // Two-factor on: a challenge for POST /api/two-factor/verify instead of a session.
  const challenge = secondFactorChallenge(ctx, user!.id);
  if (challenge) return challenge;
  return { user: toPublicUser(user!), ...createSession(ctx, user!.id) };
}

/** The broker a token belongs to, or null when it is unknown or expired. */
// Every broker request asks this: one lookup by the session's primary key, prepared once.
const sessionBroker = prepared((db) =>
  db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, profileImageUrl: users.profileImageUrl })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .where(and(eq(sessions.id, sql.placeholder("sessionId")), gt(sessions.expiresAt, sql.placeholder("now"))))
    .prepare(),
);

export function brokerForToken(ctx: AppContext, token: string): PublicUser | null {
  return sessionBroker(ctx.db).get({ sessionId: hashToken(token), now: ctx.clock.now().getTime() }) ?? null;
}

export function signOutBroker(ctx: AppContext, token: string): void {
  const sessionId = hashToken(token);
  const ended = ctx.db.delete(sessions).where(eq(sessions.id, sessionId)).returning({ userId: sessions.userId }).get();
  // Live sockets opened with this session close too.
  if (ended) ctx.events.publish({ type: "broker_signed_out", brokerId: ended.userId, sessionId });
}

/** Expired sessions, sign-up codes, reset links and email-change codes are of no use to anyone: drop them (an hourly task). */
export function purgeExpiredBrokerAuth(ctx: AppContext): void {
  const now = ctx.clock.now();
  ctx.db.delete(sessions).where(lt(sessions.expiresAt, now)).run();
  ctx.db.delete(brokerSignupCodes).where(lt(brokerSignupCodes.expiresAt, now)).run();
  ctx.db.delete(brokerPasswordResetTokens).where(lt(brokerPasswordResetTokens.expiresAt, now)).run();
  ctx.db.delete(brokerEmailChanges).where(lt(brokerEmailChanges.expiresAt, now)).run();
}
