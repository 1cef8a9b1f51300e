// The bodies and answers of /api/api-keys (DESIGN 3b).
import { t } from "elysia";
import { MaybeDate, IsoDate } from "../../lib/model.ts";
import { API_KEY_NAME_MAX, API_KEY_SCOPES } from "../../shared/api-keys.ts";

const Scope = t.UnionEnum(API_KEY_SCOPES, { error: `scopes must be a list of ${API_KEY_SCOPES.join(", ")}` });

export const CreateApiKeyBody = t.Object({
  name: t.String({ maxLength: API_KEY_NAME_MAX, error: `name must be text of at most ${API_KEY_NAME_MAX} characters` }),
  scopes: t.Array(Scope, { maxItems: API_KEY_SCOPES.length, error: `scopes must be a list of ${API_KEY_SCOPES.join(", ")}` }),
  /** A date (YYYY-MM-DD: the key works until that day ends, UTC) or a moment (ISO 8601); absent or null: never expires. */
  expiresAt: t.Optional(t.Nullable(t.String({ maxLength: 40, error: "expiresAt must be a date (YYYY-MM-DD) or an ISO 8601 time" }))),
});
export type CreateApiKeyBody = typeof CreateApiKeyBody.static;

/** A key as the list shows it (revoked keys are not listed): never the key itself, only its first characters. */
export const ApiKeyDto = t.Object({
  id: t.String(),
  name: t.String(),
  prefix: t.String(),
  scopes: t.Array(Scope),
  createdAt: IsoDate,
  lastUsedAt: MaybeDate,
  expiresAt: MaybeDate,
});
export type ApiKeyDto = typeof ApiKeyDto.static;
export const ApiKeyList = t.Array(ApiKeyDto);

/** POST /api/api-keys: the one answer that carries the key. */
export const CreatedApiKeyDto = t.Composite([ApiKeyDto, t.Object({ key: t.String() })]);
export type CreatedApiKeyDto = typeof CreatedApiKeyDto.static;
