// Broker accounts and sessions. A session token is handed out once (as the bearer token and the
// HttpOnly cookie); only its hash is stored.
import { eq, lt, sql } from "drizzle-orm";
import { brokerEmailChanges, brokerPasswordResetTokens, brokerSignupCodes, sessions, users } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { AppError, badRequest } from "../../lib/errors.ts";
import { checkSignIn, hashPassword } from "../../lib/password.ts";
import type { Writer } from "../../lib/jobs.ts";
import { prepared } from "../../lib/prepared.ts";
import { SignInThrottle } from "../../lib/rate-limit.ts";
import { hashToken, newId, randomToken } from "../../lib/tokens.ts";
import { inTransaction, write } from "../../lib/unit-of-work.ts";
import { BROKER_PASSWORD_MIN, cleanName, codeMessages, isValidEmail, messages, normalizeEmail } from "../../shared/validation.ts";
import type { PublicUser, SignInInput, SignUpInput } from "./model.ts";
import { toPublicUser } from "./public-user.ts";
import { sendSignUpEmail, spendSignUpCode } from "./signup-codes.ts";
import { refusePasswordWhenOidcOnly } from "./oidc-only.ts";
import type { Reader } from "../../../db/client.ts";
import { isUniqueViolation } from "../../../db/dialect.ts";
import { perContext } from "../../lib/instance-state.ts";
import { foundWorkspace } from "../workspaces/founding.ts";
import { membershipOf } from "../workspaces/members.ts";
import { workspaceMessages } from "../../shared/workspaces.ts";

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** A name field as stored: cleaned (cleanName), and null when nothing is left. */
export const nameOrNull = (value: string | null | undefined) => (value && cleanName(value)) || null;

export interface BrokerDetails {
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
  return { email, password: input.password, firstName: nameOrNull(input.firstName), lastName: nameOrNull(input.lastName) };
}

const accountExists = () => new AppError("conflict", "An account with this email already exists. Sign in instead.");

/**
 * Inserts the account and its membership: by default it founds its own workspace; `join` makes it
 * a member of another instead (an invitation, auth/join.ts).
 */
export async function insertBroker(
  db: Writer,
  details: BrokerDetails,
  passwordHash: string,
  join: (tx: Writer, user: PublicUser) => Promise<void> = foundWorkspace,
): Promise<PublicUser> {
  const { email, firstName, lastName } = details;
  try {
    const user = toPublicUser((await db.insert(users).values({ id: newId(), email, passwordHash, firstName, lastName }).returning())[0]!);
    await join(db, user);
    return user;
  } catch (error) {
    // Two sign-ups for one email at the same moment: the unique index decides.
    // isUniqueViolation: SQLite and PostgreSQL word this differently (it used to match SQLite's only).
    if (isUniqueViolation(error)) throw accountExists();
    throw error;
  }
}

/** Creates a broker account with no emailed code; used by `portal admin create` and after a code is spent. */
export async function createBrokerAccount(ctx: AppContext, input: SignUpInput): Promise<PublicUser> {
  const details = brokerDetails(input);
  if ((await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, details.email)))[0]) throw accountExists();
  const passwordHash = await hashPassword(details.password);
  return write(ctx, (tx) => insertBroker(tx, details, passwordHash));
}

const anyBroker = async (db: Reader) => Boolean((await db.select({ id: users.id }).from(users).limit(1))[0]);

/**
 * The trial exception: on a portal with no broker account at all, the first sign-up completes at
 * once, so a trial works with zero configuration (no SMTP, no code to fish out of a log). There
 * is no one to enumerate yet. Null once any broker exists, checked again where it inserts.
 */
async function createFirstBroker(ctx: AppContext, details: BrokerDetails): Promise<PublicUser | null> {
  if (await anyBroker(ctx.db)) return null;
  const passwordHash = await hashPassword(details.password);
  return inTransaction(ctx, async ({ tx }) => (await anyBroker(tx) ? null : await insertBroker(tx, details, passwordHash)));
}

export async function createSession(ctx: AppContext, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(ctx.clock.now().getTime() + SESSION_TTL_MS);
  await write(ctx, (tx) => tx.insert(sessions).values({ id: hashToken(token), userId, expiresAt }));
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
  const signedIn = async (user: PublicUser) => ({ codeRequired: false as const, user, ...await createSession(ctx, user.id) });
  if (input.code !== undefined) {
    await spendSignUpCode(ctx, details.email, input.code);
    return signedIn(await createBrokerAccount(ctx, details));
  }
  const first = await createFirstBroker(ctx, details);
  if (first) return signedIn(first);
  await sendSignUpEmail(ctx, { email: details.email, address: input.address });
  return { codeRequired: true, message: codeMessages.brokerSent(details.email) };
}

const throttleFor = perContext("broker sign-in throttle", "shared", "the counts are in the database (rate_limits); this holds only the limits' settings", (ctx: AppContext) => new SignInThrottle(ctx, "broker-sign-in"));
/** The one throttle every broker password check goes through: sign-in, and the account changes that ask for the password. */
export const brokerSignInThrottle = throttleFor;

/**
 * `secondFactor` is two-factor's hook (two-factor/service.ts, `secondFactorChallenge`), handed to
 * the route by src/app.ts so that auth, below two-factor, does not import it: once the password is right, a
 * challenge in place of a session, or null.
 */
export async function signInBroker<Challenge>(
  ctx: AppContext,
  input: SignInInput & { address: string },
  secondFactor: (ctx: AppContext, userId: string) => Promise<Challenge | null>,
) {
  refusePasswordWhenOidcOnly(ctx);
  const email = normalizeEmail(input.email);
  if (!input.password) throw badRequest(messages.passwordRequired);
  const user = (await ctx.db.select().from(users).where(eq(users.email, email)))[0];
  await checkSignIn(throttleFor(ctx), { address: input.address, email, password: input.password, passwordHash: user?.passwordHash });
  // Said only to whoever knows the password; a guesser still sees "Invalid email or password".
  if (user!.disabledAt) throw new AppError("forbidden", "This account is disabled. Ask the portal's administrator.");
  // A removed member's account opens nothing: said here rather than with a session every route refuses.
  if (!(await membershipOf(ctx, user!.id))) throw new AppError("forbidden", workspaceMessages.noWorkspace);
  // Two-factor on: a challenge for POST /api/two-factor/verify instead of a session.
  const challenge = await secondFactor(ctx, user!.id);
  if (challenge) return challenge;
  return { user: toPublicUser(user!), ...await createSession(ctx, user!.id) };
}

// Every broker request asks this: one lookup by the session's primary key, prepared once, and
// kept in ctx.brokerSessions until a session or a user changes (a sign-in or sign-out, a disabled
// account, a new name) or another process commits.
// Expiry is the clock's doing, not a write's, so it is checked on every request.
const sessionBroker = prepared((db) =>
  db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, profileImageUrl: users.profileImageUrl, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .where(eq(sessions.id, sql.placeholder("sessionId")))
    .prepare(),
);

/** The broker a token belongs to, or null when it is unknown or expired. */
export async function brokerForToken(ctx: AppContext, token: string): Promise<PublicUser | null> {
  const sessionId = hashToken(token);
  const found = await ctx.brokerSessions.value(`broker-session:${sessionId}`, async () => {
    const row = (await sessionBroker(ctx.db).execute({ sessionId }))[0];
    if (!row) return null;
    const { expiresAt, ...broker } = row;
    return { broker, expiresAt: expiresAt.getTime() };
  });
  return found && found.expiresAt > ctx.clock.now().getTime() ? found.broker : null;
}

export async function signOutBroker(ctx: AppContext, token: string): Promise<void> {
  const sessionId = hashToken(token);
  const ended = (await write(ctx, (tx) => tx.delete(sessions).where(eq(sessions.id, sessionId)).returning({ userId: sessions.userId })))[0];
  // Live sockets opened with this session close too.
  if (ended) ctx.events.publish({ type: "broker_signed_out", brokerId: ended.userId, sessionId });
}

/** Expired sessions, sign-up codes, reset links and email-change codes are of no use to anyone: drop them (an hourly task). */
export async function purgeExpiredBrokerAuth(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now();
  await write(ctx, (tx) => tx.delete(sessions).where(lt(sessions.expiresAt, now)));
  await write(ctx, (tx) => tx.delete(brokerSignupCodes).where(lt(brokerSignupCodes.expiresAt, now)));
  await write(ctx, (tx) => tx.delete(brokerPasswordResetTokens).where(lt(brokerPasswordResetTokens.expiresAt, now)));
  await write(ctx, (tx) => tx.delete(brokerEmailChanges).where(lt(brokerEmailChanges.expiresAt, now)));
}
