// Who a request with an API key is (the access plugin's second way to answer { broker }): the
// key's creator, in the key's workspace, acting within the key's scopes. Wrong keys are counted
// per client address in rate_limits like wrong passwords, so keys cannot be guessed at speed.
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { apiKeys } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { AppError, unauthorized } from "../../lib/errors.ts";
import { perContext } from "../../lib/instance-state.ts";
import { prepared } from "../../lib/prepared.ts";
import { FailureLimiter } from "../../lib/rate-limit.ts";
import { hashToken } from "../../lib/tokens.ts";
import { write } from "../../lib/unit-of-work.ts";
import { API_KEY_PREFIX, apiKeyMessages, type ApiKeyScope } from "../../shared/api-keys.ts";
import { messages } from "../../shared/validation.ts";
import type { Scope } from "../../shared/workspaces.ts";
import type { PublicUser } from "../auth/model.ts";
import { signInAccountById } from "../auth/sign-in-accounts.ts";
import { membershipOf } from "../workspaces/members.ts";

const MINUTE = 60 * 1000;

/** What a route learns of the key a request came with (the audit names it: "API key <name>"). */
export interface ApiKeyIdentity {
  id: string;
  name: string;
  scopes: ApiKeyScope[];
}

export interface KeyHolder {
  apiKey: ApiKeyIdentity;
  /** The key's creator: the acting user. */
  broker: PublicUser;
  /** The creator's membership of the key's workspace, as a session would resolve it. */
  member: Scope;
}

/** A bearer token that is a key, not a session token (sessions carry no prefix). */
export const isApiKey = (token: string): boolean => token.startsWith(API_KEY_PREFIX);

// The sign-in throttle's per-address allowance (lib/rate-limit.ts SignInThrottle: 20 in 15 minutes).
const wrongKeys = perContext("API key throttle", "shared", "the counts are in the database (rate_limits); this holds only the limit's settings", (ctx: AppContext) =>
  new FailureLimiter(ctx, "api-key:address", 20, 15 * MINUTE),
);

const byHash = prepared((db) => db.select().from(apiKeys).where(eq(apiKeys.keyHash, sql.placeholder("keyHash"))).prepare());

/**
 * The key's holder for a route that needs `scope`: 401 for a key that does not work (unknown,
 * revoked, expired, or its creator gone), counted against the address (429 past the allowance);
 * 403 for a working key without the scope. Only a request let through counts as the key's use.
 */
export async function keyHolder(ctx: AppContext, key: string, address: string, scope: ApiKeyScope): Promise<KeyHolder> {
  const found = await lookUp(ctx, key);
  if (!found) {
    const wait = await wrongKeys(ctx).take(address);
    if (wait > 0) throw new AppError("too_many_requests", messages.tooManySignInAttempts(wait), { retryAfter: wait });
    throw unauthorized(apiKeyMessages.invalid);
  }
  if (!found.holder.apiKey.scopes.includes(scope)) throw new AppError("forbidden", apiKeyMessages.missingScope[scope]);
  await noteUse(ctx, found.row, ctx.clock.now());
  return found.holder;
}

// Kept beside the sessions (ctx.brokerSessions), whose version moves with any change to api_keys
// but its last use, or to users (a revocation, a disabled account); expiry is the clock's, checked
// each time. So the cached row's lastUsedAt may be older than the last write: see noteUse.
const keyRow = (ctx: AppContext, keyHash: string) =>
  ctx.brokerSessions.value(`api-key:${keyHash}`, async () => {
    const row = (await byHash(ctx.db).execute({ keyHash }))[0];
    return row ? { row, account: await signInAccountById(ctx, row.createdBy) } : null;
  });

async function lookUp(ctx: AppContext, key: string): Promise<{ holder: KeyHolder; row: typeof apiKeys.$inferSelect } | null> {
  const found = await keyRow(ctx, hashToken(key));
  const now = ctx.clock.now();
  if (!found) return null;
  const { row, account } = found;
  if (row.revokedAt || (row.expiresAt && row.expiresAt <= now)) return null;
  // The creator must still be an enabled member of the key's workspace: a removed or disabled
  // account's keys stop with its sessions.
  const member = await membershipOf(ctx, row.createdBy);
  if (!account || account.disabled || !member || member.workspaceId !== row.workspaceId) return null;
  return { holder: { apiKey: { id: row.id, name: row.name, scopes: row.scopes }, broker: account.user, member }, row };
}

// The cached key row is not read again after its last use is written (that write leaves the
// sessions' cache as it was), so this process remembers when it last wrote each key's.
const usesWritten = perContext("API keys' last uses written", "per process", "when this process last wrote each key's last_used_at, so it writes once a minute without reading the key again (another instance's write is seen in the database's condition)", () => new Map<string, number>());

/** last_used_at, written at most once a minute per key so a busy integration does not write on every request. */
async function noteUse(ctx: AppContext, row: typeof apiKeys.$inferSelect, now: Date): Promise<void> {
  const stale = new Date(now.getTime() - MINUTE);
  const written = usesWritten(ctx);
  const last = Math.max(row.lastUsedAt?.getTime() ?? 0, written.get(row.id) ?? 0);
  if (last > stale.getTime()) return;
  written.set(row.id, now.getTime());
  await write(ctx, (tx) =>
    tx.update(apiKeys).set({ lastUsedAt: now }).where(and(eq(apiKeys.id, row.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, stale)))),
  );
}
