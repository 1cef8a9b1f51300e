// A password sign-in waiting for its second factor: a random token handed to the browser in place
// of a session. It opens nothing but POST /api/two-factor/verify, lasts five minutes and is
// spent by success. Kept in memory, so a restart only means typing the password again; but the code
// typed may reach another instance than the password did (issue 39 item 13).
import type { AppContext } from "../../context.ts";
import { hashToken, randomToken } from "../../lib/tokens.ts";
import { MUST_BE_SHARED, perContext } from "../../lib/instance-state.ts";

export const PENDING_SIGN_IN_TTL_MS = 5 * 60 * 1000;
const SWEEP_ABOVE = 10_000;

type Pending = { userId: string; expiresAt: number };
const storeFor = perContext(
  "sign-ins waiting for their second factor",
  MUST_BE_SHARED,
  "the code may be sent to another instance than the password was",
  (_ctx: AppContext) => new Map<string, Pending>(),
);

export function createPendingSignIn(ctx: AppContext, userId: string): { token: string; expiresAt: Date } {
  const store = storeFor(ctx);
  const now = ctx.clock.now().getTime();
  if (store.size > SWEEP_ABOVE) for (const [key, entry] of store) if (entry.expiresAt <= now) store.delete(key);
  const token = randomToken();
  const expiresAt = now + PENDING_SIGN_IN_TTL_MS;
  store.set(hashToken(token), { userId, expiresAt });
  return { token, expiresAt: new Date(expiresAt) };
}

/** The broker the token was issued to, or null when it is unknown, spent or expired. */
export function pendingSignInUser(ctx: AppContext, token: string): string | null {
  const entry = storeFor(ctx).get(hashToken(token));
  return entry && entry.expiresAt > ctx.clock.now().getTime() ? entry.userId : null;
}

export function spendPendingSignIn(ctx: AppContext, token: string): void {
  storeFor(ctx).delete(hashToken(token));
}
