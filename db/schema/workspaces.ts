// Brokerages: workspaces, their members and the invitations to join one (owner: workspaces).
import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { WORKSPACE_ROLES, WORKSPACE_VISIBILITIES } from "../../src/shared/workspaces.ts";
import { createdAt, id, time } from "./columns.ts";
import { users } from "./auth.ts";

/**
 * A brokerage: the tenant. Customers, documents, templates, settings, audit trail and plan belong
 * to a workspace (their `workspace_id`), never to one broker. Every broker is a member of exactly
 * one. Upgraded databases gave each existing broker a workspace whose id is the broker's own id
 * (migration 0021), so moving their data was renaming `broker_id` to `workspace_id`.
 */
export const workspaces = sqliteTable("workspaces", {
  id: id(),
  name: text("name").notNull(),
  /** all: every member sees every customer; assigned: brokers and assistants see their own. */
  visibility: text("visibility", { enum: WORKSPACE_VISIBILITIES }).notNull().default("all"),
  /** Email domains ("example.com") whose first single sign-on joins this workspace. */
  claimedDomains: text("claimed_domains", { mode: "json" }).$type<string[]>().notNull(),
  /** The role such a sign-on joins with. */
  defaultRole: text("default_role", { enum: WORKSPACE_ROLES }).notNull().default("broker"),
  /** The language new customers get unless the broker picks another; null: not set (the customer's browser decides, else English). */
  defaultLanguage: text("default_language"),
  createdAt: createdAt(),
});

/** Who works in which workspace, and as what. One row per broker: the user id is the key. */
export const workspaceMembers = sqliteTable(
  "workspace_members",
  {
    userId: text("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    role: text("role", { enum: WORKSPACE_ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("workspace_members_workspace_idx").on(t.workspaceId)],
);

/** An owner's invitation to join: one-time, kept only as the token's hash, until it expires. */
export const workspaceInvitations = sqliteTable(
  "workspace_invitations",
  {
    id: id(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    email: text("email").notNull(), // stored lower-cased
    role: text("role", { enum: WORKSPACE_ROLES }).notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: time("expires_at").notNull(),
    acceptedAt: time("accepted_at"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("workspace_invitations_token_idx").on(t.tokenHash), index("workspace_invitations_workspace_idx").on(t.workspaceId)],
);
