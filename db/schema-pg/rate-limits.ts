// Throttling counts shared by every instance (owner: src/lib/rate-limit.ts).
import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { time } from "./columns.ts";

export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    waitUntil: time("wait_until"),
    expiresAt: time("expires_at").notNull(),
  },
  (t) => [index("rate_limits_expires_idx").on(t.expiresAt)],
);
