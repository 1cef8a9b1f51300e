// Brokers and how they sign in: accounts, sessions, sign-up codes, password resets, email changes (owner: auth).
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id, time } from "./columns.ts";

/** Brokers (shown as Administrator). Password hash is null for OpenID Connect accounts. */
export const users = sqliteTable("users", {
  id: id(),
  email: text("email").notNull().unique(), // stored lower-cased
  passwordHash: text("password_hash"),
  firstName: text("first_name"),
  lastName: text("last_name"),
  profileImageUrl: text("profile_image_url"),
  oidcSubject: text("oidc_subject").unique(),
  /** Set by `portal admin disable`: the broker cannot sign in and has no sessions. */
  disabledAt: time("disabled_at"),
  createdAt: createdAt(),
});

/** Broker sign-in sessions. The id is the SHA-256 of the bearer/cookie token, never the token. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: id(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    expiresAt: time("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/**
 * The code that proves a broker sign-up's email: one live code per email, kept only as an HMAC
 * (keyed with the session secret, so a copy of the database does not reveal codes).
 */
export const brokerSignupCodes = sqliteTable("broker_signup_codes", {
  email: text("email").primaryKey(), // stored lower-cased
  codeHash: text("code_hash").notNull(),
  wrongTries: integer("wrong_tries").notNull().default(0),
  expiresAt: time("expires_at").notNull(),
  createdAt: createdAt(),
});

/** Single-use broker password-reset links (1 hour). The id is the SHA-256 of the emailed token. */
export const brokerPasswordResetTokens = sqliteTable(
  "broker_password_reset_tokens",
  {
    id: id(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    expiresAt: time("expires_at").notNull(),
    usedAt: time("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("broker_password_reset_user_idx").on(t.userId)],
);

/**
 * A broker's pending change of sign-in email: one per broker, proven by a 6-digit code sent to the
 * new address (kept only as an HMAC, like sign-up codes).
 */
export const brokerEmailChanges = sqliteTable("broker_email_changes", {
  userId: text("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  newEmail: text("new_email").notNull(), // stored lower-cased
  codeHash: text("code_hash").notNull(),
  wrongTries: integer("wrong_tries").notNull().default(0),
  expiresAt: time("expires_at").notNull(),
  createdAt: createdAt(),
});
