// Brokerages: workspaces, their members and invitations (owner: workspaces).
import { index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { WORKSPACE_ROLES, WORKSPACE_VISIBILITIES } from "../../src/shared/workspaces.ts";
import { createdAt, id, time } from "./columns.ts";
import { users } from "./auth.ts";

export const workspaces = pgTable("workspaces", {
  id: id(),
  name: text("name").notNull(),
  visibility: text("visibility", { enum: WORKSPACE_VISIBILITIES }).notNull().default("all"),
  claimedDomains: jsonb("claimed_domains").$type<string[]>().notNull(),
  defaultRole: text("default_role", { enum: WORKSPACE_ROLES }).notNull().default("broker"),
  /** The language new customers get unless the broker picks another; null: not set (the customer's browser decides, else English). */
  defaultLanguage: text("default_language"),
  createdAt: createdAt(),
});

export const workspaceMembers = pgTable(
  "workspace_members",
  {
    userId: text("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    role: text("role", { enum: WORKSPACE_ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("workspace_members_workspace_idx").on(t.workspaceId)],
);

export const workspaceInvitations = pgTable(
  "workspace_invitations",
  {
    id: id(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: WORKSPACE_ROLES }).notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: time("expires_at").notNull(),
    acceptedAt: time("accepted_at"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("workspace_invitations_token_idx").on(t.tokenHash), index("workspace_invitations_workspace_idx").on(t.workspaceId)],
);
