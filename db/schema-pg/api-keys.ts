// API keys (owner: api-keys; issue 43).
import { index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { ApiKeyScope } from "../../src/shared/api-keys.ts";
import { createdAt, id, time } from "./columns.ts";
import { users } from "./auth.ts";
import { workspaces } from "./workspaces.ts";

export const apiKeys = pgTable(
  "api_keys",
  {
    id: id(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    createdBy: text("created_by").notNull().references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull(),
    scopes: jsonb("scopes").$type<ApiKeyScope[]>().notNull(),
    expiresAt: time("expires_at"),
    lastUsedAt: time("last_used_at"),
    revokedAt: time("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("api_keys_hash_idx").on(t.keyHash), index("api_keys_workspace_idx").on(t.workspaceId)],
);
