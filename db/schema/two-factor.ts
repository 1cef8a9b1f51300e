// A broker's authenticator factor and its recovery codes (owner: two-factor).
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id, time } from "./columns.ts";
import { users } from "./auth.ts";

/**
 * A broker's authenticator (TOTP) factor. The secret is sealed with AES-256-GCM under a key
 * derived from the session secret, so a copy of the database alone does not give out codes.
 * `confirmedAt` is null while set-up waits for the first code; `lastUsedStep` is the 30-second
 * time step of the last accepted code, so the same code cannot be used twice.
 */
export const brokerTwoFactor = sqliteTable("broker_two_factor", {
  userId: text("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  secretSealed: text("secret_sealed").notNull(),
  confirmedAt: time("confirmed_at"),
  lastUsedStep: integer("last_used_step"),
  createdAt: createdAt(),
});

/** Single-use recovery codes for the authenticator factor, stored as SHA-256 hashes only. */
export const brokerRecoveryCodes = sqliteTable(
  "broker_recovery_codes",
  {
    id: id(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: time("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("broker_recovery_codes_user_idx").on(t.userId)],
);

/**
 * A password sign-in waiting for its second factor (owner: two-factor): the hash of the token the
 * browser holds in place of a session. In the database so the code may reach any instance; deleted
 * when spent, or once expired.
 */
export const twoFactorPendingSignIns = sqliteTable(
  "two_factor_pending_sign_ins",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    expiresAt: time("expires_at").notNull(),
  },
  (t) => [index("two_factor_pending_sign_ins_expires_idx").on(t.expiresAt), index("two_factor_pending_sign_ins_user_idx").on(t.userId)],
);
