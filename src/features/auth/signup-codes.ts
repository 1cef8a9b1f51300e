// Broker sign-up proves the email with a 6-digit code sent to it. Asking for a code answers the
// same whether or not the email has an account (a new email gets the code, a registered one a
// note to its owner), so sign-up no longer tells an outsider which brokers exist.
import { eq } from "drizzle-orm";
import { brokerSignupCodes, users } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { AppError, badRequest } from "../../lib/errors.ts";
import { FailureLimiter } from "../../lib/rate-limit.ts";
import { newId } from "../../lib/tokens.ts";
import { inTransaction } from "../../lib/unit-of-work.ts";
import { emailCodeHash, newEmailCode, sameHash } from "../../lib/email-codes.ts";
import { codeMessages, isEmailCode, messages } from "../../shared/validation.ts";
import { queueEmail } from "../mail/service.ts";
import { brokerSignUpAttemptEmail, brokerSignUpCodeEmail } from "../mail/broker-emails.ts";
import { perContext } from "../../lib/instance-state.ts";

const CODE_TTL_MINUTES = 15;
const MAX_WRONG_TRIES = 5;
const HOUR = 60 * 60 * 1000;

// Per email: each code allows 5 tries, so this also bounds guessing (25 of a million codes an
// hour) and how often one inbox can be flooded. Per caller: how many inboxes one machine can
// make the portal write to. Both count registered and new emails alike, so neither tells.
const limitsFor = perContext("sign-up code limits", "shared", "the counts are in the database (rate_limits); this holds only the limits' settings", (ctx: AppContext) => ({
  byEmail: new FailureLimiter(ctx, "sign-up-emails-by-email", 5, HOUR),
  byCaller: new FailureLimiter(ctx, "sign-up-emails-by-caller", 30, HOUR),
}));

const refuseIfWaiting = (wait: number, message: (seconds: number) => string) => {
  if (wait > 0) throw new AppError("too_many_requests", message(wait), { retryAfter: wait });
};

const codeHash = (ctx: AppContext, email: string, code: string) => emailCodeHash(ctx.config.sessionSecret, "broker-signup", email, code);

/**
 * Step 1: emails a new address a code (replacing any earlier one), or the owner of a registered
 * address a note that someone tried. At most 5 such emails an hour to one email and 30 from one
 * caller's address.
 */
export async function sendSignUpEmail(ctx: AppContext, input: { email: string; address: string }): Promise<void> {
  const { email, address } = input;
  const { byEmail, byCaller } = limitsFor(ctx);
  // Both counted or neither: a refusal counts nothing.
  const refused = await FailureLimiter.takeAll([{ limiter: byCaller, subject: address }, { limiter: byEmail, subject: email }]);
  if (refused) refuseIfWaiting(refused.wait, refused.limiter === byCaller ? messages.tooManySignUps : messages.tooManySignUpEmails);

  await inTransaction(ctx, async ({ tx, now }) => {
    if ((await tx.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]) {
      const content = brokerSignUpAttemptEmail({ signInUrl: ctx.config.publicUrl });
      await queueEmail(ctx, tx, { kind: "broker_signup_attempt", to: email, dedupeKey: `broker_signup_attempt:${newId()}`, ...content });
      return;
    }
    const code = newEmailCode();
    const row = { codeHash: codeHash(ctx, email, code), wrongTries: 0, expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60 * 1000), createdAt: now };
    await tx.insert(brokerSignupCodes).values({ email, ...row }).onConflictDoUpdate({ target: brokerSignupCodes.email, set: row });
    const content = brokerSignUpCodeEmail({ code, minutes: CODE_TTL_MINUTES });
    await queueEmail(ctx, tx, { kind: "broker_signup_code", to: email, dedupeKey: `broker_signup_code:${newId()}`, ...content });
  });
}

/**
 * Step 2: spends the email's code, or throws one message for every way it can fail (wrong,
 * expired, used, dead after 5 wrong tries, or never sent because the email has an account).
 */
export async function spendSignUpCode(ctx: AppContext, email: string, code: string): Promise<void> {
  const given = code.trim();
  if (!isEmailCode(given)) throw badRequest(codeMessages.format);
  const now = ctx.clock.now();
  const byEmail = eq(brokerSignupCodes.email, email);
  // Decided inside, thrown outside: throwing inside the transaction would undo the counted try.
  const spent = await inTransaction(ctx, async ({ tx }) => {
      const row = (await tx.select().from(brokerSignupCodes).where(byEmail))[0];
      if (!row) return false;
      const right = row.expiresAt > now && sameHash(row.codeHash, codeHash(ctx, email, given));
      const dead = right || row.expiresAt <= now || row.wrongTries + 1 >= MAX_WRONG_TRIES;
      if (dead) await tx.delete(brokerSignupCodes).where(byEmail);
      else await tx.update(brokerSignupCodes).set({ wrongTries: row.wrongTries + 1 }).where(byEmail);
      return right;
    });
  if (!spent) throw badRequest(codeMessages.wrongOrExpired);
}
