// API keys: how a brokerage's other systems reach the broker API (owner: api-keys; issue 43).
import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { ApiKeyScope } from "../../src/shared/api-keys.ts";
import { createdAt, id, time } from "./columns.ts";
import { users } from "./auth.ts";
import { workspaces } from "./workspaces.ts";

/**
 * A workspace's key. Only the SHA-256 of the key is kept (a key is 32 random bytes, so a slow
 * password hash buys nothing); its first characters stay in the clear to tell keys apart. A
 * revoked key keeps its row (the list shows when), an expired one too.
 */
export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: id(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    /** Who made it: the acting user of every request the key makes. */
    createdBy: text("created_by").notNull().references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull(),
    scopes: text("scopes", { mode: "json" }).$type<ApiKeyScope[]>().notNull(),
    expiresAt: time("expires_at"),
    /** Written at most once a minute, so a busy key does not write on every request. */
    lastUsedAt: time("last_used_at"),
    revokedAt: time("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("api_keys_hash_idx").on(t.keyHash), index("api_keys_workspace_idx").on(t.workspaceId)],
);
