// Customer accounts and how they sign in: accounts, email codes, sessions, password resets (owner: customer-auth).
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id, time } from "./columns.ts";
import { customers } from "./customers.ts";

/**
 * A customer's account: one person, one email, one password, across every broker who invited
 * that email. Only created by someone who proved they read the email (a code sent to it).
 */
export const customerAccounts = sqliteTable("customer_accounts", {
  id: id(),
  email: text("email").notNull().unique(), // stored lower-cased
  passwordHash: text("password_hash").notNull(),
  /** The account holder's own language choice in the portal, for every link they sign in on; null: not chosen. */
  language: text("language"),
  createdAt: createdAt(),
});

/** Six-digit codes emailed to prove an address before a customer account is created or its password set. */
export const customerEmailCodes = sqliteTable(
  "customer_email_codes",
  {
    id: id(),
    email: text("email").notNull(),
    /**
     * The relationship whose link asked for the code; the code works only there. Set to null
     * (not deleted) with the relationship: the rows are also the address's history of codes
     * and tries, which deleting and re-creating a customer must not wipe.
     */
    customerId: text("customer_id").references(() => customers.id, { onDelete: "set null" }),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: time("expires_at").notNull(),
    usedAt: time("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("customer_email_codes_customer_idx").on(t.customerId), index("customer_email_codes_email_idx").on(t.email, t.createdAt)],
);

/** Customer sign-in sessions (24 hours). The id is the SHA-256 of the token. */
export const customerSessions = sqliteTable(
  "customer_sessions",
  {
    id: id(),
    accountId: text("account_id").notNull().references(() => customerAccounts.id, { onDelete: "cascade" }),
    expiresAt: time("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("customer_sessions_account_idx").on(t.accountId)],
);

/** Single-use customer password-reset tokens. The id is the SHA-256 of the emailed token. */
export const passwordResetTokens = sqliteTable(
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
