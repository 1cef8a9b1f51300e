// An owner's API keys (issue 43): made, listed, revoked. Only a key's SHA-256 is stored; the key
// itself is in the creation's answer and nowhere else.
import { and, desc, eq, isNull } from "drizzle-orm";
import { apiKeys } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { hashToken, newId, randomToken } from "../../lib/tokens.ts";
import { inTransaction } from "../../lib/unit-of-work.ts";
import { API_KEY_PREFIX, API_KEY_SHOWN_PREFIX_LENGTH, apiKeyMessages, type ApiKeyScope } from "../../shared/api-keys.ts";
import { cleanName } from "../../shared/validation.ts";
import type { Scope } from "../../shared/workspaces.ts";
import { requireRole } from "../workspaces/permissions.ts";
import type { ApiKeyDto, CreateApiKeyBody, CreatedApiKeyDto } from "./model.ts";

type Row = typeof apiKeys.$inferSelect;

const toDto = (row: Row): ApiKeyDto => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  expiresAt: row.expiresAt?.toISOString() ?? null,
});

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A plain date means "until that day ends" (UTC), as the Integrations page's date field sends it. */
function expiryOf(value: string | null | undefined, now: Date): Date | null {
  if (!value) return null;
  const at = DATE_ONLY.test(value) ? new Date(`${value}T23:59:59.999Z`) : new Date(value);
  if (Number.isNaN(at.getTime())) throw badRequest("expiresAt must be a date (YYYY-MM-DD) or an ISO 8601 time");
  if (at.getTime() <= now.getTime()) throw badRequest(apiKeyMessages.expiryInPast);
  return at;
}

/** Read and write in that order, each once: the list and the access check read them so. */
const orderedScopes = (scopes: ApiKeyScope[]): ApiKeyScope[] => (["read", "write"] as const).filter((s) => scopes.includes(s));

export async function createApiKey(ctx: AppContext, member: Scope, input: CreateApiKeyBody): Promise<CreatedApiKeyDto> {
  requireRole(member, "manageWorkspace");
  const name = cleanName(input.name);
  if (!name) throw badRequest(apiKeyMessages.nameRequired);
  const scopes = orderedScopes(input.scopes);
  if (scopes.length === 0) throw badRequest(apiKeyMessages.scopesRequired);
  const key = `${API_KEY_PREFIX}${randomToken()}`;
  return inTransaction(ctx, async ({ tx, now }) => {
    const row = (await tx
      .insert(apiKeys)
      .values({
        id: newId(),
        workspaceId: member.workspaceId,
        createdBy: member.memberId,
        name,
        prefix: key.slice(0, API_KEY_SHOWN_PREFIX_LENGTH),
        keyHash: hashToken(key),
        scopes,
        expiresAt: expiryOf(input.expiresAt, now),
      })
      .returning())[0]!;
    return { ...toDto(row), key };
  });
}

/** The workspace's keys not revoked (expired ones too, so the owner sees why one stopped), newest first. */
export async function listApiKeys(ctx: AppContext, member: Scope): Promise<ApiKeyDto[]> {
  requireRole(member, "manageWorkspace");
  const rows = await ctx.db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.workspaceId, member.workspaceId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toDto);
}

/** Stops the key at once: the next request with it is a 401. Another workspace's key (or one already revoked) is 404. */
export async function revokeApiKey(ctx: AppContext, member: Scope, id: string): Promise<void> {
  requireRole(member, "manageWorkspace");
  const revoked = await inTransaction(ctx, ({ tx, now }) =>
    tx
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.workspaceId, member.workspaceId), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id }),
  );
  if (revoked.length === 0) throw notFound(apiKeyMessages.notFound);
}
