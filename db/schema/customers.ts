// One broker's relationship with one person, with its upload link (owner: customers).
import { sql } from "drizzle-orm";
import { index, sqliteTable, primaryKey, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id, time } from "./columns.ts";
import { workspaceMembers, workspaces } from "./workspaces.ts";
import { users } from "./auth.ts";

/**
 * A customer as one broker knows them: the broker ↔ customer relationship. The same person
 * invited by two brokers is two rows with two upload links, and neither broker's row, link or
 * documents open anything of the other's (see README, "Customers, links and accounts").
 */
export const customers = sqliteTable(
  "customers",
  {
    id: id(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    /** The member responsible for this customer (their broker); a member of the same workspace. */
    assigneeId: text("assignee_id").notNull().references(() => users.id),
    email: text("email").notNull(), // stored lower-cased
    name: text("name").notNull(),
    loanType: text("loan_type"),
    /** The language the broker set for this customer ("en", "es": src/shared/i18n); null: not set. */
    language: text("language"),
    /** The customer's own choice in the portal through this link; it wins over the broker's. */
    chosenLanguage: text("chosen_language"),
    /** The key to this relationship's portal; opens this broker's requests and nothing else. */
    uploadLink: text("upload_link").notNull().unique(),
    invitationStatus: text("invitation_status", { enum: ["pending", "accepted"] }).notNull().default("pending"),
    invitedAt: time("invited_at").notNull(),
    acceptedAt: time("accepted_at"),
    lastReminderAt: time("last_reminder_at"),
    lastActiveAt: time("last_active_at"),
    /** When the account holder for this email first signed in or up through this link. */
    accountConnectedAt: time("account_connected_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("customers_workspace_email_idx").on(t.workspaceId, t.email),
    index("customers_email_idx").on(t.email),
    // All Customers' pages in name or invitation order (see customers/service.ts pageCustomers).
    index("customers_workspace_name_idx").on(t.workspaceId, sql`${t.name} collate nocase`, t.email),
    index("customers_workspace_invited_idx").on(t.workspaceId, t.invitedAt),
    // A member's own customers (assigned mode, "Mine"): their ids, count and pages in invitation
    // or name order, from a range of the member's entries, not a walk of the workspace's.
    index("customers_workspace_assignee_idx").on(t.workspaceId, t.assigneeId, t.invitedAt, t.id),
    index("customers_workspace_assignee_name_idx").on(t.workspaceId, t.assigneeId, sql`${t.name} collate nocase`, t.email),
  ],
);

/**
 * Members who follow a customer besides their assignee: they hear of the customer's uploads and
 * answers as the assignee does. Only members who may see the customer watch it; a member's removal
 * from the workspace ends their watching (the cascade from workspace_members).
 */
export const customerWatchers = sqliteTable(
  "customer_watchers",
  {
    customerId: text("customer_id").notNull().references(() => customers.id, { onDelete: "cascade" }),
    memberId: text("member_id").notNull().references(() => workspaceMembers.userId, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.memberId] }), index("customer_watchers_member_idx").on(t.memberId)],
);
