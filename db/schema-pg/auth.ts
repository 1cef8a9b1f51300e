// Brokers and how they sign in: accounts, sessions, sign-up codes, password resets, email changes (owner: auth).
import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id, time } from "./columns.ts";

export const users = pgTable("users", {
  id: id(),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash"),
  firstName: text("first_name"),
  lastName: text("last_name"),
  profileImageUrl: text("profile_image_url"),
  oidcSubject: text("oidc_subject").unique(),
  disabledAt: time("disabled_at"),
  createdAt: createdAt(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    expiresAt: time("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const brokerSignupCodes = pgTable("broker_signup_codes", {
  email: text("email").primaryKey(),
  codeHash: text("code_hash").notNull(),
  wrongTries: integer("wrong_tries").notNull().default(0),
  expiresAt: time("expires_at").notNull(),
  createdAt: createdAt(),
});

export const brokerPasswordResetTokens = pgTable(
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

export const brokerEmailChanges = pgTable("broker_email_changes", {
  userId: text("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  newEmail: text("new_email").notNull(),
  codeHash: text("code_hash").notNull(),
  wrongTries: integer("wrong_tries").notNull().default(0),
  expiresAt: time("expires_at").notNull(),
  createdAt: createdAt(),
});
