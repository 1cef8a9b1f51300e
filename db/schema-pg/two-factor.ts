// A broker's authenticator factor and its recovery codes (owner: two-factor).
import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id, time } from "./columns.ts";
import { users } from "./auth.ts";

export const brokerTwoFactor = pgTable("broker_two_factor", {
  userId: text("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  secretSealed: text("secret_sealed").notNull(),
  confirmedAt: time("confirmed_at"),
  lastUsedStep: integer("last_used_step"),
  createdAt: createdAt(),
});

export const brokerRecoveryCodes = pgTable(
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
export const twoFactorPendingSignIns = pgTable(
  "two_factor_pending_sign_ins",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    expiresAt: time("expires_at").notNull(),
  },
  (t) => [index("two_factor_pending_sign_ins_expires_idx").on(t.expiresAt), index("two_factor_pending_sign_ins_user_idx").on(t.userId)],
);
