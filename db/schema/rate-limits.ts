// Throttling counts shared by every instance (owner: src/lib/rate-limit.ts).
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { time } from "./columns.ts";

/**
 * Throttling counts (sign-in attempts, emails asked for, payment calls; src/lib/rate-limit.ts),
 * kept here so that every portal instance on this database shares them. `key` names the limit
 * and, hashed, what it counts (an address, an email, an account). A row whose `expires_at` has
 * passed counts as absent; the hourly purge deletes it.
 */
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    /** Attempts counted in the current window (for a sign-in pair: failures since it last succeeded). */
    count: integer("count").notNull(),
    /** A sign-in pair's wait: no attempt before this time. Null for other limits. */
    waitUntil: time("wait_until"),
    expiresAt: time("expires_at").notNull(),
  },
  (t) => [index("rate_limits_expires_idx").on(t.expiresAt)],
);
