// Customer accounts and how they sign in: accounts, email codes, sessions, password resets (owner: customer-auth).
import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id, time } from "./columns.ts";
import { customers } from "./customers.ts";

export const customerAccounts = pgTable("customer_accounts", {
  id: id(),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  /** The account holder's own language choice in the portal, for every link they sign in on; null: not chosen. */
  language: text("language"),
  createdAt: createdAt(),
});

export const customerEmailCodes = pgTable(
  "customer_email_codes",
  {
    id: id(),
    email: text("email").notNull(),
    customerId: text("customer_id").references(() => customers.id, { onDelete: "set null" }),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: time("expires_at").notNull(),
    usedAt: time("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("customer_email_codes_customer_idx").on(t.customerId), index("customer_email_codes_email_idx").on(t.email, t.createdAt)],
);

export const customerSessions = pgTable(
  "customer_sessions",
  {
    id: id(),
    accountId: text("account_id").notNull().references(() => customerAccounts.id, { onDelete: "cascade" }),
    expiresAt: time("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("customer_sessions_account_idx").on(t.accountId)],
);

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: id(),
    accountId: text("account_id").notNull().references(() => customerAccounts.id, { onDelete: "cascade" }),
    expiresAt: time("expires_at").notNull(),
    usedAt: time("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_account_idx").on(t.accountId)],
);
